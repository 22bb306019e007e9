/**
 * Locale files are app/i18n/locales/<lang>/<namespace>.json; a key's top-level prefix ("auth" of
 * "auth.login") lives in exactly one namespace, so keys read the same whichever namespaces are loaded.
 */
export const PAGE_NAMESPACES = [
  'common',
  'forms',
  'auth',
  'profile',
  'content',
  'catalog',
  'items',
  'search',
  'social',
  'chat',
  'notifications',
  'payments',
  'console',
] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

/** Texts only the server uses (API answers, e-mail, SMS, admin actions): never sent to a page. */
export const SERVER_NAMESPACES = ['api', 'admin', 'mail', 'sms'] as const;

/** Loaded on every page: the shell (header, footer, dialogs), page titles, flash notices, generic errors. */
export const SHELL_NAMESPACE = 'common' satisfies PageNamespace;

/**
 * What a route module declares in its `handle`: the namespaces its page shows besides common, including
 * those of the messages its loader and action hand to the page. Only these reach the browser.
 *
 *   export const handle = { i18n: ['auth', 'forms'] } satisfies PageHandle;
 */
export interface PageHandle {
  i18n?: readonly PageNamespace[];
  /** The page shows the handed-over (flash) notice itself (the login form), so the shell does not. */
  showsFlashNotice?: boolean;
}

/** common, then the namespaces the matched routes declare, each once and in a stable order. */
export function namespacesOf(handles: Iterable<unknown>, extra: readonly PageNamespace[] = []): PageNamespace[] {
  const wanted = new Set<PageNamespace>([SHELL_NAMESPACE, ...extra]);
  for (const handle of handles) {
    for (const namespace of (handle as PageHandle | undefined)?.i18n ?? []) wanted.add(namespace);
  }
  return PAGE_NAMESPACES.filter((namespace) => wanted.has(namespace));
}
