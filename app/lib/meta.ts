import type { MetaDescriptor } from 'react-router';
import { messageAt } from '../i18n/i18n.ts';
import type { Messages } from '../i18n/resources.ts';

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** Title and description meta tags from locale keys, in the page's language. */
export function pageMeta(
  matches: ReadonlyArray<MatchWithData | undefined>,
  keys: { title: string; description: string },
  values: { title?: string; description?: Record<string, string> } = {},
): MetaDescriptor[] {
  const rootData = matches.find((match) => match?.id === 'root')?.loaderData as { messages?: Messages } | undefined;
  const appName = messageAt(rootData?.messages, 'app.name');
  const title = values.title ?? messageAt(rootData?.messages, keys.title);
  let description = messageAt(rootData?.messages, keys.description);
  for (const [name, value] of Object.entries(values.description ?? {})) {
    description = description.replaceAll(`{{${name}}}`, value);
  }
  return [
    { title: title.includes(appName) ? title : `${title} | ${appName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: appName },
  ];
}
