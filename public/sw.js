// Souk's service worker (issue 22): an offline page in the reader's language, the built files kept for the
// next visit, and Web Push. `npm run build` stamps the three constants below (scripts/service-worker.ts), so
// every build is a new worker that replaces the caches of the last one.
// Never kept: API answers (/api/), uploads, the WebSocket, and any page (pages are only ever fetched).

const VERSION = 'dev';
/** The app's start-up files (stylesheet, entry script): fetched when the worker installs. */
const PRECACHE = [];
const LANGUAGES = ['ar'];

const DEFAULT_LANGUAGE = 'ar';
const SHELL_CACHE = `souk-shell-${VERSION}`;
const ASSET_CACHE = `souk-assets-${VERSION}`;
/** Where the worker keeps the language of the last page it fetched (a worker forgets its variables). */
const LANGUAGE_KEY = '/offline/language';
const SHELL_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/badge-96.png'];

const offlineAddress = (language) => `/offline?lang=${language}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([...LANGUAGES.map(offlineAddress), ...SHELL_FILES, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (!kept.has(name)) await caches.delete(name);
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => fromShell(url.pathname)));
  }
  // Anything else (the API, uploads, page data) goes to the network as if there were no worker.
});

/** A page from the network, as always; with no network, the offline page. */
async function navigation(event, url) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    const language = response.headers.get('content-language');
    if (LANGUAGES.includes(language)) event.waitUntil(rememberLanguage(language));
    return response;
  } catch {
    return offlinePage(url);
  }
}

/** Built files have their content's hash in their name: one kept is good for as long as the build lasts. */
async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = (await cache.match(request)) ?? (await caches.match(request, { cacheName: SHELL_CACHE }));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fromShell(path) {
  return (await caches.match(path, { cacheName: SHELL_CACHE })) ?? Response.error();
}

async function rememberLanguage(language) {
  const cache = await caches.open(SHELL_CACHE);
  const known = await cache.match(LANGUAGE_KEY);
  if (known && (await known.text()) === language) return;
  await cache.put(LANGUAGE_KEY, new Response(language));
}

/** In the language the address asks for, else that of the last page shown, else Arabic. */
async function offlinePage(url) {
  const asked = url.searchParams.get('lang');
  const remembered = await caches.match(LANGUAGE_KEY, { cacheName: SHELL_CACHE });
  const language = LANGUAGES.includes(asked) ? asked : remembered ? await remembered.text() : DEFAULT_LANGUAGE;
  return (
    (await caches.match(offlineAddress(language), { cacheName: SHELL_CACHE })) ??
    (await caches.match(offlineAddress(DEFAULT_LANGUAGE), { cacheName: SHELL_CACHE })) ??
    Response.error()
  );
}

// Web Push (contract/notification-basics.ts PushPayload): what the lock screen may show, and where a press leads.

self.addEventListener('push', (event) => {
  const payload = pushPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        renotify: Boolean(payload.tag),
        data: { url: payload.url, notification_id: payload.notification_id },
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
      }),
      // An open page may show its own notice box as well (the 10-second push notice, SPEC.md 9).
      self.clients.matchAll({ type: 'window' }).then((windows) => {
        for (const client of windows) client.postMessage({ type: 'push', payload });
      }),
    ]),
  );
});

/** The push's JSON, or null when it is not a payload (nothing is shown then). */
function pushPayload(data) {
  let value;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  if (!value || typeof value.title !== 'string' || typeof value.body !== 'string') return null;
  return {
    title: value.title,
    body: value.body,
    url: sitePath(value.url),
    tag: typeof value.tag === 'string' ? value.tag : '',
    notification_id: value.notification_id,
  };
}

/** A path on this site; anything else (another site, javascript:) leads to the dashboard. */
function sitePath(address) {
  try {
    const url = new URL(String(address ?? '/'), self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPath(sitePath(event.notification.data?.url)));
});

/**
 * Focuses an open tab of this site and takes it to `path`, or opens a new window there. Tabs this worker
 * controls come first: one opened before the worker took over cannot be navigated by it.
 */
async function openPath(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const controlled = await self.clients.matchAll({ type: 'window' });
  const isControlled = (client) => controlled.some((each) => each.id === client.id);
  ours.sort((a, b) => Number(isControlled(b)) - Number(isControlled(a)));
  for (const open of ours) {
    try {
      const navigated = await open.navigate(path);
      if (navigated) {
        await navigated.focus().catch(() => undefined);
        return;
      }
    } catch {
      // This tab cannot be navigated by the worker: the next one, else a new window.
    }
  }
  await self.clients.openWindow(path);
}
