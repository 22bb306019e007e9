import type { MetaDescriptor } from 'react-router';
import { messageAt } from './i18n/i18n.ts';
import type { Messages } from './i18n/resources.ts';

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** Title and description meta tags from locale keys, in the page's language. */
export function pageMeta(
  matches: ReadonlyArray<MatchWithData | undefined>,
  keys: { title: string; description: string },
  values: { title?: string } = {},
): MetaDescriptor[] {
  const rootData = matches.find((match) => match?.id === 'root')?.loaderData as { messages?: Messages } | undefined;
  const appName = messageAt(rootData?.messages, 'app.name');
  const title = values.title ?? messageAt(rootData?.messages, keys.title);
  return [
    { title: title.includes(appName) ? title : `${title} | ${appName}` },
    { name: 'description', content: messageAt(rootData?.messages, keys.description) },
    { property: 'og:title', content: title },
    { property: 'og:description', content: messageAt(rootData?.messages, keys.description) },
    { property: 'og:site_name', content: appName },
  ];
}
