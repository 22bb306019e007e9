/**
 * Where browsers fetch stored files: "/uploads/" for the local disk (served by @fastify/static), or the
 * S3 bucket's public or CDN address. Set once at start-up from the storage configuration.
 */
let publicBase = '/uploads/';

export function setPublicBase(base: string) {
  publicBase = base.endsWith('/') ? base : `${base}/`;
}

/**
 * The public address of a stored file, the one place it is built. An absolute address (a social
 * provider's avatar) is returned as it is; no path gives null.
 */
export function publicUrlOf(storedPath: string | null): string | null {
  if (!storedPath) return null;
  if (/^https?:\/\//i.test(storedPath)) return storedPath;
  return publicBase + storedPath.replace(/^\/+/, '');
}
