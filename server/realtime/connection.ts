import type { RawData, WebSocket } from 'ws';
import type { LanguageCode } from '../../contract/language.ts';
import {
  type ClientFrame,
  clientFrameSchema,
  type ServerFrame,
  TYPING_SIGNAL_EVERY_MS,
} from '../../contract/realtime.ts';
import type { Viewer } from '../../contract/session.ts';
import { translate } from '../i18n.ts';
import { AppError } from '../kernel/errors.ts';
import type { ChatService } from '../modules/chat/index.ts';

/** A socket whose client reads slower than this much queued output is dropped (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_WATCHED = 20;
/** A socket's texts waiting to be stored at once; the next one waits for a place (see sendInLine). */
const MAX_TEXTS_STORING = 8;
/** Frames that may wait for their turn; one more is a flood, refused as a client over its limit is. */
const MAX_WAITING_FRAMES = 64;
/** A refused client is cut off this long after its close frame (no longer read, its answer to the close is not seen). */
const CLOSE_GRACE_MS = 500;

export interface ConnectionPorts {
  chat: ChatService;
  /** Sends a frame to every socket of a user, on any instance. */
  toUser(userId: string, frame: ServerFrame): Promise<void>;
  /** Starts following someone's presence for this connection; answers whether they are online now. */
  watch(connection: Connection, userId: string): Promise<boolean>;
  /** Counts a frame against its account's and address's limits; throws the 429 once one is used up. */
  admit(): Promise<void>;
  log(error: unknown): void;
}

/** One open socket: frames in (one at a time), service calls, frames out. No rules of its own but the flood's. */
export class Connection {
  readonly socket: WebSocket;
  readonly viewer: Viewer;
  lastHeard = Date.now();
  /** The session it was opened with: it closes when that session ends. */
  sessionId: string | null = null;
  readonly watched = new Map<string, () => Promise<void>>();
  private readonly language: LanguageCode;
  private readonly ports: ConnectionPorts;
  private readonly otherParties = new Map<string, { userId: string; lastTyping: number }>();
  /** The end of the line of frames: each is handled once the one before it is done. */
  private line: Promise<void> = Promise.resolve();
  private waiting = 0;
  /** False once the client was refused or the connection failed to start: frames are dropped unread. */
  private reading = true;
  /** Frames dropped unread; after a refusal they still count against the limits. */
  private unread = 0;
  private readonly textsStoring = new Set<Promise<void>>();

  constructor(socket: WebSocket, viewer: Viewer, language: LanguageCode, ports: ConnectionPorts) {
    this.socket = socket;
    this.viewer = viewer;
    this.language = language;
    this.ports = ports;
    // Frames still waiting when the socket closes are dropped: a late `watch` would outlive the socket.
    socket.once('close', () => {
      this.reading = false;
    });
  }

  send(frame: ServerFrame | string) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Frames that arrive while the connection is set up wait for `ready`; if it fails, they are dropped. */
  startAfter(ready: Promise<unknown>) {
    this.line = ready.then(
      () => undefined,
      () => {
        this.reading = false;
      },
    );
  }

  /**
   * Frames are handled one at a time, in the order they arrived, so a burst cannot start its work all at once;
   * a client with more than MAX_WAITING_FRAMES of them waiting is flooding. A closing socket's frames are dropped.
   */
  receive(data: RawData) {
    this.lastHeard = Date.now();
    if (!this.reading || this.socket.readyState !== this.socket.OPEN) {
      this.unread += 1;
      return;
    }
    if (this.waiting >= MAX_WAITING_FRAMES) {
      this.shut(new AppError(429, 'errors.tooManyRequests'));
      return;
    }
    this.waiting += 1;
    this.line = this.line.then(() => this.takeTurn(data));
  }

  private async takeTurn(data: RawData) {
    this.waiting -= 1;
    if (!this.reading) {
      this.unread += 1;
      return;
    }
    try {
      await this.handleText(String(data));
    } catch (error) {
      this.ports.log(error);
    }
  }

  private async handleText(data: string) {
    if (!(await this.admitted())) return;
    const frame = parseFrame(data);
    if (!frame) {
      this.send({ t: 'error', code: 400, message: translate(this.language, 'errors.invalidRequest') });
      return;
    }
    try {
      await this.handle(frame);
    } catch (error) {
      this.refuse(error, frame.t === 'send' ? frame.client_id : undefined);
    }
  }

  private async handle(frame: ClientFrame) {
    const { chat } = this.ports;
    switch (frame.t) {
      case 'ping':
        this.send({ t: 'pong' });
        return;
      case 'send':
        await this.sendInLine(frame);
        return;
      case 'typing':
        await this.typing(frame.chat_id);
        return;
      case 'read':
        this.send({ t: 'unread', unread_count: await chat.markRead(this.viewer.userId, frame.chat_id) });
        return;
      case 'watch':
        await this.watch(frame.user_id);
        return;
    }
  }

  /**
   * A text holds the socket's line only until it is queued to be stored: the next frame need not wait for the
   * commit, so one statement still stores many texts (group commit), in the order they came. Its ack, or its
   * refusal, is sent once it is stored.
   */
  private async sendInLine(frame: Extract<ClientFrame, { t: 'send' }>) {
    if (this.textsStoring.size >= MAX_TEXTS_STORING) await Promise.race(this.textsStoring);
    const queued = Promise.withResolvers<void>();
    const input = { client_id: frame.client_id, message: frame.message };
    const storing = this.ports.chat
      .sendText(this.viewer, frame.chat_id, input, queued.resolve)
      .then(
        (message) => this.send({ t: 'ack', client_id: frame.client_id, message }),
        (error: unknown) => this.refuse(error, frame.client_id),
      )
      .catch((error: unknown) => this.ports.log(error))
      .finally(() => {
        this.textsStoring.delete(storing);
        queued.resolve();
      });
    this.textsStoring.add(storing);
    await queued.promise;
  }

  private async typing(chatId: string) {
    let other = this.otherParties.get(chatId);
    if (!other) {
      other = { userId: await this.ports.chat.otherParty(this.viewer.userId, chatId), lastTyping: 0 };
      this.otherParties.set(chatId, other);
    }
    const now = Date.now();
    if (now - other.lastTyping < TYPING_SIGNAL_EVERY_MS) return;
    other.lastTyping = now;
    await this.ports.toUser(other.userId, { t: 'typing', chat_id: chatId, user_id: this.viewer.userId });
  }

  private async watch(userId: string) {
    if (this.watched.has(userId)) return;
    if (this.watched.size >= MAX_WATCHED || !(await this.ports.chat.haveConversation(this.viewer.userId, userId))) {
      throw new AppError(403, 'errors.forbidden');
    }
    const online = await this.ports.watch(this, userId);
    this.send({ t: 'presence', user_id: userId, online });
  }

  /** Every frame, whatever its kind, counts; past the limit the client hears why, and the socket closes. */
  private async admitted() {
    try {
      await this.ports.admit();
      return true;
    } catch (error) {
      this.shut(error);
      return false;
    }
  }

  /**
   * Refuses the client: it hears why, its socket is read no more and closes (cut off if the close is not done
   * in CLOSE_GRACE_MS). The frames it sent that are left unread still count, until the limits refuse them too:
   * reconnecting at once is refused as it would have been had they all been read.
   */
  private shut(error: unknown) {
    if (!this.reading) return;
    this.reading = false;
    this.refuse(error);
    this.socket.pause();
    this.socket.close(1008);
    const cutOff = setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS);
    this.socket.once('close', () => clearTimeout(cutOff));
    this.line = this.line.then(() => this.countUnread());
  }

  private async countUnread() {
    try {
      for (; this.unread > 0; this.unread -= 1) await this.ports.admit();
    } catch {
      // The limits are used up: the rest need not be counted.
    }
  }

  private refuse(error: unknown, clientId?: string) {
    if (!(error instanceof AppError)) {
      this.ports.log(error);
      error = new AppError(500, 'errors.generic');
    }
    const refusal = error as AppError;
    const message = translate(this.language, refusal.messageKey, refusal.values);
    this.send({ t: 'error', code: refusal.code, message, ...(clientId ? { client_id: clientId } : {}) });
  }
}

function parseFrame(data: string): ClientFrame | null {
  try {
    const parsed = clientFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
