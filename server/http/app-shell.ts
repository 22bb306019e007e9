import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { directionOf } from '../../contract/language.ts';
import { translate } from '../i18n.ts';
import { requestLanguage } from './language.ts';

/** The service worker's file (public/sw.js, stamped at build by scripts/service-worker.ts). */
export const SERVICE_WORKER_FILE = 'sw.js';
/** The page the service worker shows, in the reader's language, for a page asked for while offline. */
export const OFFLINE_PATH = '/offline';

/**
 * The caching of the built files (build/client): hashed assets for a year, the service worker never kept (a
 * browser must see a new one at once) and allowed to control the whole site, anything else an hour.
 */
export function builtFileHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string) {
  const name = path.basename(filePath);
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    response.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else if (name === SERVICE_WORKER_FILE || name.startsWith(`${SERVICE_WORKER_FILE}.`)) {
    response.setHeader('cache-control', 'no-cache');
    response.setHeader('service-worker-allowed', '/');
  } else {
    response.setHeader('cache-control', 'public, max-age=3600');
  }
}

/** The stored dark-mode choice (app/features/shell/theme.tsx), before the first paint. */
const THEME_SCRIPT =
  "try{var v=localStorage.getItem('darkMode');if(v==='true'||(v===null&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

const STYLE = `*{box-sizing:border-box}html{color-scheme:light;font-family:system-ui,'Segoe UI',Tahoma,sans-serif}
html.dark{color-scheme:dark}body{margin:0;min-height:100dvh;display:grid;place-items:center;padding:24px;background:#f8fafc;color:#0f172a}
.dark body{background:#020617;color:#f1f5f9}main{max-width:28rem;text-align:center;background:#fff;border:1px solid #e2e8f0;border-radius:24px;padding:32px 24px}
.dark main{background:#0f172a;border-color:#1e293b}h1{font-size:1.5rem;margin:16px 0 8px}p{margin:0 0 24px;line-height:1.6;color:#475569}
.dark p{color:#cbd5e1}a{display:inline-block;border-radius:999px;background:#1b625c;color:#fff;font-weight:700;padding:12px 24px;text-decoration:none}
a:focus-visible{outline:2px solid #2a978c;outline-offset:2px}.dark a{background:#1e7a72}`;

const LOGO =
  '<svg viewBox="0 0 32 32" width="64" height="64" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#1e7a72"/><path d="M9 12h14l-1.4 10.2a2 2 0 0 1-2 1.8h-7.2a2 2 0 0 1-2-1.8z" fill="#fff"/><path d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fbbf24" stroke-width="2" stroke-linecap="round"/></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The offline page: one small file with no script or style to fetch, so that it shows with no connection at all. */
export function offlinePage(language: Parameters<typeof translate>[0]): string {
  const text = (key: string) => escapeHtml(translate(language, key));
  return `<!DOCTYPE html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="theme-color" content="#1b625c">
<title>${text('offline.title')} · ${text('app.name')}</title><meta name="description" content="${text('offline.description')}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><script>${THEME_SCRIPT}</script><style>${STYLE}</style></head>
<body><main>${LOGO}<h1>${text('offline.title')}</h1><p>${text('offline.text')}</p><a href="">${text('offline.retry')}</a></main></body></html>`;
}

/**
 * GET /offline: the offline page in the language asked for (?lang=, the cookie, Accept-Language). The service
 * worker keeps it for every language when it installs. Its one inline script is allowed by its hash.
 */
export function registerOfflinePage(app: FastifyInstance) {
  app.get(OFFLINE_PATH, { schema: { hide: true } }, (request, reply) => {
    const language = requestLanguage(request);
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    if (policy) {
      reply.header(
        'content-security-policy',
        policy.replace("script-src 'self'", `script-src 'self' ${THEME_SCRIPT_HASH}`),
      );
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('content-language', language)
      .type('text/html; charset=utf-8')
      .send(offlinePage(language));
  });
}
