import { useLocation } from 'react-router';

/**
 * The redirect value of login and register (SPEC.md 2): `redirect` names the page the person came from;
 * `params` and `query` are kept only when that page is an item, an item list, a chat or a review list, an admin page (whose
 * name alone, "admin", names no page: /admin/items is the moderation queue), the Promote form of a listing or a receipt.
 */
const CARRIES_STATE = new Set(['item', 'item-list', 'admin', 'chat', 'review-list', 'paid-items', 'payments']);
const PAGE_NAME = /^[a-z][a-z-]{0,40}$/;
const NO_RETURN = new Set(['login', 'register', 'verify-email', 'verify-code', 'forgotpassword', 'logout']);

/** `?redirect=…` naming the current page, for links to login and register. */
export function redirectQueryFor(pathname: string, search: string): string {
  const page = pathname.split('/')[1] ?? '';
  if (!page || NO_RETURN.has(page)) return '';
  const params = new URLSearchParams({ redirect: page });
  if (CARRIES_STATE.has(page)) {
    const rest = pathname.split('/').slice(2).join('/');
    if (rest) params.set('params', decodeURIComponent(rest));
    const query = new URLSearchParams(search);
    query.delete('lang');
    if (query.size > 0) params.set('query', query.toString());
  }
  return `?${params.toString()}`;
}

/** `?redirect=` naming the current page, for the login and register links (SPEC.md 2 Route behaviour). */
export function useRedirectQuery() {
  const { pathname, search } = useLocation();
  return redirectQueryFor(pathname, search);
}

/** The redirect query of a login or register URL, passed on to the next step of the flow. */
export function carriedRedirect(url: URL): string {
  const params = new URLSearchParams();
  for (const key of ['redirect', 'params', 'query']) {
    const value = url.searchParams.get(key);
    if (value) params.set(key, value);
  }
  return params.size > 0 ? `?${params.toString()}` : '';
}

/** Where to go after signing in: the named page (same site only), by default the dashboard. */
export function redirectTarget(search: URLSearchParams): string {
  const page = search.get('redirect') ?? '';
  if (!PAGE_NAME.test(page) || NO_RETURN.has(page)) return '/';
  if (!CARRIES_STATE.has(page)) return `/${page}`;
  const params = (search.get('params') ?? '')
    .split('/')
    .filter((segment) => segment && segment !== '.' && segment !== '..')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const query = new URLSearchParams(search.get('query') ?? '').toString();
  return `/${page}${params ? `/${params}` : ''}${query ? `?${query}` : ''}`;
}
