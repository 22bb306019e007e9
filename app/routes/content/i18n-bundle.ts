import { data } from 'react-router';
import { bootBundle, pageTranslations, parseBootBundleName } from '../../i18n/i18n.ts';
import type { Route } from './+types/i18n-bundle';

const FOREVER = 'public, max-age=31536000, immutable';

/**
 * /i18n/<language>.<namespaces>.<hash>.json: the translations a page starts with (i18n.ts bootBundle). The
 * address carries a hash of the text, so an answer with the current hash never changes and is kept for good;
 * an older hash gets the current text, to be read again next time.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const wanted = parseBootBundleName(params.bundle);
  if (!wanted) throw data(null, { status: 404 });
  await pageTranslations(wanted.language);
  const bundle = bootBundle(wanted.language, wanted.namespaces);
  const current = bundle.src.endsWith(`.${wanted.hash}.json`);
  return new Response(bundle.text, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': current ? FOREVER : 'no-cache' },
  });
}
