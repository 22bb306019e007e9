import type { ChatMessage, ChatState } from './chat.ts';

// The socket's constants and the frames the server sends, without schemas: the header's unread badge opens the
// socket on every page, so this is in the shell and must load no zod. The client frames' schema is realtime.ts.

/** The WebSocket's path (same port as the pages and the API). */
export const REALTIME_PATH = '/ws';
/** How often a client says it is alive; the server drops a socket silent for three of these. */
export const HEARTBEAT_SECONDS = 25;
/** The largest frame a client may send. */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;
/** A typing signal is sent, and forwarded, at most this often per conversation: each frame counts against a limit. */
export const TYPING_SIGNAL_EVERY_MS = 2000;

/** Frames the server sends. */
export type ServerFrame =
  | { t: 'pong' }
  | { t: 'ready'; user_id: string; unread_count: number; notice_count: number }
  | { t: 'message'; message: ChatMessage; chat: ChatState }
  | { t: 'ack'; client_id: string; message: ChatMessage }
  | { t: 'chat'; chat: ChatState }
  | { t: 'typing'; chat_id: string; user_id: string }
  | { t: 'presence'; user_id: string; online: boolean }
  | { t: 'unread'; unread_count: number }
  /** The bell: unread notifications, and the notice that just arrived (for the 10-second box). */
  | { t: 'notices'; unread_count: number; notice?: LiveNotice }
  /** An operator's broadcast, to every socket: one more unread notification for everyone. */
  | { t: 'broadcast'; notice: LiveNotice }
  | { t: 'error'; client_id?: string; code: number; message: string };

/** A notification as the notice box shows it, in the reader's language. */
export interface LiveNotice {
  id: number;
  title: string;
  body: string;
  url: string;
}
