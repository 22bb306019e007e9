/** The tabs of the phone tab bar, in their order. */
export type TabName = 'home' | 'search' | 'post' | 'chats' | 'account';

/** The tab whose section a page belongs to, by the first segment of its path. */
const TAB_OF_PAGE: Record<string, TabName> = {
  '': 'home',
  'item-list': 'search',
  category: 'search',
  deal: 'search',
  'item-entry': 'post',
  chat: 'chats',
  'chat-list': 'chats',
  'offer-list': 'chats',
  profile: 'account',
  'edit-profile': 'account',
  login: 'account',
  register: 'account',
  forgotpassword: 'account',
  'verify-email': 'account',
  'verify-code': 'account',
};

/** The tab marked current on this page; null on a page of no tab (an item, the blog, a seller's profile). */
export function currentTab(pathname: string): TabName | null {
  const page = pathname.split('/')[1] ?? '';
  return Object.hasOwn(TAB_OF_PAGE, page) ? (TAB_OF_PAGE[page] ?? null) : null;
}
