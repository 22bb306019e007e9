/**
 * Where the server may send Web Push. A browser hands us its push service's endpoint and the server POSTs to it,
 * so an endpoint is a URL chosen by whoever registers it: only https on an allowed push-service host (and port)
 * is taken, never an arbitrary address (server-side request forgery into the operator's network).
 */
export interface AllowedHost {
  /** The host itself, or the suffix after `*.` (any subdomain of it, not the host itself). */
  host: string;
  wildcard: boolean;
  port: string;
}

/** Parses PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,*.notify.windows.com,localhost:8443`. */
export function parseAllowedHosts(list: string): AllowedHost[] {
  return list
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [name = '', port = '443'] = entry.split(':');
      const wildcard = name.startsWith('*.');
      return { host: wildcard ? name.slice(2) : name, wildcard, port };
    });
}

/** Whether `endpoint` is an https URL on an allowed host and port, with no credentials in it. */
export function isAllowedEndpoint(endpoint: string, allowed: readonly AllowedHost[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port === '' ? '443' : url.port;
  return allowed.some(
    (entry) => entry.port === port && (entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host),
  );
}
