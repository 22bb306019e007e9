import type { MetaDescriptor } from 'react-router';
import type { LanguageCode } from '../../contract/language.ts';
import { i18nFor, type MessageKey, translateKey } from '../i18n/i18n.ts';

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** Title and description meta tags from locale keys, in the page's language. */
export function pageMeta(
  matches: ReadonlyArray<MatchWithData | undefined>,
  keys: { title: MessageKey; description: MessageKey },
  values: { title?: string; description?: Record<string, string> } = {},
): MetaDescriptor[] {
  const rootData = matches.find((match) => match?.id === 'root')?.loaderData as { language?: LanguageCode } | undefined;
  if (!rootData?.language) return [];
  const i18n = i18nFor(rootData.language);
  const appName = i18n.t('app.name');
  const title = values.title ?? i18n.t(keys.title);
  const description = translateKey(i18n.t, keys.description, values.description);
  return [
    { title: title.includes(appName) ? title : `${title} | ${appName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: appName },
  ];
}
