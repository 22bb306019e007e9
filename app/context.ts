import { createContext } from 'react-router';
import type { ReceivedUpload } from '../contract/media.ts';
import type { PageOperations } from '../contract/pages.ts';
import type { Viewer } from '../contract/session.ts';

/**
 * The page port: what route loaders and actions get per request through React Router's load context. It names
 * contract/ types only, so pages compile against no server code and get the page operations, nothing more.
 * Shared by both sides (package import `#app-context`) so they use one token.
 */
export interface AppContext {
  services: PageOperations;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** The visitor's address (for per-address limits). */
  clientIp: string;
  /**
   * The visitor's id from their signed cookie, given out (and the cookie set) on first use; null for a bot or an
   * address given too many ids this hour. Asked only where a view is counted.
   */
  visitorId(): Promise<string | null>;
  /** The site's secret, which signs the cookies pages write (notices, sign-up steps): app/lib/cookies.server.ts. */
  cookieSecret: string;
  /** The signed-in user, or null for a visitor ("nologinuser"). */
  viewer: Viewer | null;
  /** The files of this request's multipart form, already streamed to temporary files (never in memory). */
  uploads: ReceivedUpload[];
  /** Where browsers reach the site (PUBLIC_URL, no trailing slash): canonical and share addresses. */
  publicUrl: string;
  /** The map tiles pages show (MAP_TILE_URL, a Leaflet URL template) and the credit they need. */
  mapTiles: MapTiles;
  /**
   * Keeps this page for other visitors (the server's visitor cache) once rendered; absent when the page may
   * depend on who asks. Called with the answer's status, headers and whole body before it is sent.
   */
  storePage?: (status: number, headers: Headers, body: Uint8Array) => void;
  /** Hands the server the page's whole body, which it then sends as it is (not read back from the Response). */
  sendWhole?: (body: Buffer) => void;
  /** Writes a failure of this page to the server's JSON log (one line, the error serialized). */
  logError(error: unknown, details?: Record<string, unknown>): void;
}

/** A Leaflet tile URL template ({s}, {z}, {x}, {y}) and its attribution text. */
export interface MapTiles {
  url: string;
  attribution: string;
}

export const appContext = createContext<AppContext>();
