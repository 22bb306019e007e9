import { data, type LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import type { ContentPageKind } from '../../../contract/content.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';

/** The loader of /about, /privacy and /safety: the operator's page in the reader's language, else 404. */
export async function contentPageLoader(
  kind: Extract<ContentPageKind, 'about' | 'privacy' | 'safety'>,
  { request, context }: LoaderFunctionArgs,
) {
  const language = await pageLanguage(request);
  const page = await context.get(appContext).services.getContentPage(kind, language);
  if (!page) throw data(null, { status: 404 });
  return { kind, page, isOtherLanguage: page.lang !== language };
}
