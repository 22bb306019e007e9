/**
 * A blog post's text: HTML the server sanitised when the operator saved it (server/modules/content/rich-text.ts
 * keeps headings, emphasis, lists, quotes and web links only), shown as it is.
 */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it was stored
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
