/** What the rich-text field and its lazily loaded editor both take. */
export interface RichTextFieldProps {
  id: string;
  name: string;
  label: string;
  hint: string;
  /** The saved HTML (sanitised on the server), or what the refused form sent. */
  defaultValue: string;
  error: string | undefined;
  lang: string;
  dir: 'ltr' | 'rtl';
}
