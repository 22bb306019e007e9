import fastifyWebsocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { LanguageCode } from '../../contract/language.ts';
import { HEARTBEAT_SECONDS, MAX_CLIENT_FRAME_BYTES, REALTIME_PATH, type ServerFrame } from '../../contract/realtime.ts';
import type { Viewer } from '../../contract/session.ts';
import { requestLanguage } from '../http/language.ts';
import { currentViewer } from '../http/session.ts';
import { AppError } from '../kernel/errors.ts';
import type { EventBus } from '../kernel/events.ts';
import type { Presence } from '../kernel/presence.ts';
import type { PubSub } from '../kernel/pubsub.ts';
import type { Limiter } from '../kernel/rate-limit.ts';
import type { ChatService } from '../modules/chat/index.ts';
import { Connection } from './connection.ts';

export interface RealtimeOptions {
  chat: ChatService;
  /** The bell's count, sent when a socket opens. */
  unreadNotices(userId: string): Promise<number>;
  events: EventBus;
  pubsub: PubSub;
  presence: Presence;
  /** Which of these sessions still hold (the auth module's): sockets of the others close. */
  openSessions(sessionIds: string[]): Promise<Set<string>>;
  /** Frames of every kind per 10 seconds: one account's (all its sockets) and one address's. */
  frameLimits: { account: Limiter; address: Limiter };
  /** Browsers may open the socket from these origins only (the site's own). */
  allowedOrigins: string[];
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Sockets one account may hold on one instance (tabs and devices); one more closes with 1008. */
const MAX_SOCKETS_PER_USER = 20;
const userChannel = (userId: string) => `user:${userId}`;
/** Frames for every socket on every instance (an operator's broadcast). */
const EVERYONE_CHANNEL = 'everyone';
const presenceChannel = (userId: string) => `presence:${userId}`;
/** Sent on a user's channel when sessions of theirs ended: the sockets of those sessions close (all: none named). */
const BYE = '{"t":"bye"';
const byeFrame = (sessionIds: string[] | null) => JSON.stringify({ t: 'bye', sessions: sessionIds });

declare module 'fastify' {
  interface FastifyRequest {
    socketViewer?: Viewer;
    socketSession?: string | null;
  }
}

/**
 * The WebSocket /ws (issue 12): signed in by the session (cookie or bearer), from this site only. Frames reach
 * the chat service; what the service stored reaches both sides' sockets through the pub/sub port, so a
 * message sent to one app instance arrives on a socket of another.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions) {
  const hub = new Hub(options);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      // A client that breaks the protocol (a frame too large, a reset) is not the server's error to report.
      const fromClient = typeof (error as { code?: unknown }).code === 'string';
      if (fromClient) request.log.info({ reason: error.message }, 'a WebSocket client was dropped');
      else request.log.error({ err: error }, 'a WebSocket failed');
      socket.terminate();
    },
  });
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!isSameSite(request.headers.origin, request.headers.host, options.allowedOrigins)) {
          throw new AppError(403, 'api.crossSite');
        }
        // A connection counts as a frame: reconnecting does not reset a flooding client's limit.
        await options.frameLimits.address.consume(request.ip);
        const viewer = await currentViewer(request, reply);
        if (!viewer) throw new AppError(401, 'auth.signInRequired');
        await options.frameLimits.account.consume(viewer.userId);
        request.socketViewer = viewer;
        request.socketSession = request.viewerSessionId ?? null;
      },
    },
    (socket, request) => hub.attach(socket, request),
  );
  app.addHook('onClose', () => hub.stop());
}

/**
 * A browser always names the page's origin: it must be the site's public address, or the host the request was
 * sent to (the same origin, e.g. Vite's address in `npm run dev`). Clients that name none are not browsers.
 */
function isSameSite(origin: string | undefined, host: string | undefined, allowedOrigins: string[]) {
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

class Hub {
  private readonly options: RealtimeOptions;
  private readonly local = new Map<string, Set<Connection>>();
  private readonly channels = new Map<string, Promise<() => Promise<void>>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(options: RealtimeOptions) {
    this.options = options;
    this.heartbeat = setInterval(() => {
      this.dropSilent();
      this.closeLapsedSessions().catch((error) => options.log.error({ err: error }, 'sessions could not be checked'));
    }, HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
    this.forwardEvents();
  }

  /** Keeps nothing of the upgrade request but who asked and their language (idle sockets stay small). */
  attach(socket: WebSocket, request: FastifyRequest) {
    const viewer = request.socketViewer;
    if (!viewer || (this.local.get(viewer.userId)?.size ?? 0) >= MAX_SOCKETS_PER_USER) return socket.close(1008);
    const session = { id: request.socketSession ?? null, address: request.ip };
    return this.open(socket, viewer, session, requestLanguage(request));
  }

  private async open(
    socket: WebSocket,
    viewer: Viewer,
    session: { id: string | null; address: string },
    language: LanguageCode,
  ) {
    const log = this.options.log;
    const { account, address } = this.options.frameLimits;
    const connection = new Connection(socket, viewer, language, {
      chat: this.options.chat,
      toUser: (userId, frame) => this.toUser(userId, frame),
      watch: (watcher, userId) => this.watch(watcher, userId),
      admit: () => Promise.all([account.consume(viewer.userId), address.consume(session.address)]).then(() => {}),
      log: (error) => log.error({ err: error }, 'a realtime frame failed'),
    });
    connection.sessionId = session.id;
    // Frames that arrive while the connection is set up wait for it.
    const ready = this.join(connection);
    connection.startAfter(ready);
    socket.on('message', (data) => connection.receive(data));
    socket.on('close', () => {
      // Leaves even when joining failed half-way, so nothing of the socket stays behind.
      void ready
        .catch(() => undefined)
        .then(() => this.leave(connection))
        .catch((error) => log.error({ err: error }, 'a socket could not leave'));
    });
    try {
      await ready;
      connection.send({
        t: 'ready',
        user_id: viewer.userId,
        unread_count: await this.options.chat.unreadTotal(viewer.userId),
        notice_count: await this.options.unreadNotices(viewer.userId),
      });
    } catch (error) {
      log.error({ err: error }, 'a realtime connection could not start');
      socket.close(1011);
    }
  }

  async stop() {
    clearInterval(this.heartbeat);
    await Promise.all([...this.channels.values()].map(async (unsubscribe) => (await unsubscribe)()));
    this.channels.clear();
  }

  private async join(connection: Connection) {
    const { userId } = connection.viewer;
    let set = this.local.get(userId);
    if (!set) {
      set = new Set();
      this.local.set(userId, set);
    }
    set.add(connection);
    await this.listen(EVERYONE_CHANNEL, (payload) => {
      for (const connections of this.local.values()) for (const each of connections) each.send(payload);
    });
    await this.listen(userChannel(userId), (payload) => {
      if (payload.startsWith(BYE))
        this.closeEnded(userId, (JSON.parse(payload) as { sessions: string[] | null }).sessions);
      else for (const each of this.local.get(userId) ?? []) each.send(payload);
    });
    if (await this.options.presence.connected(userId)) {
      await this.publish(presenceChannel(userId), { t: 'presence', user_id: userId, online: true });
    }
  }

  private async leave(connection: Connection) {
    const { userId } = connection.viewer;
    const set = this.local.get(userId);
    set?.delete(connection);
    for (const unwatch of connection.watched.values()) await unwatch();
    if (set && set.size === 0) {
      this.local.delete(userId);
      await this.unlisten(userChannel(userId));
    }
    const lastHere = await this.options.presence.disconnected(userId);
    if (lastHere && !(await this.options.presence.isOnline(userId))) {
      await this.publish(presenceChannel(userId), { t: 'presence', user_id: userId, online: false });
    }
  }

  private async watch(connection: Connection, userId: string) {
    const forward = (payload: string) => connection.send(payload);
    const unsubscribe = await this.options.pubsub.subscribe(presenceChannel(userId), forward);
    // A socket that closed meanwhile has already left: nothing would end this subscription.
    if (connection.socket.readyState !== connection.socket.OPEN) {
      await unsubscribe();
      return false;
    }
    connection.watched.set(userId, unsubscribe);
    return this.options.presence.isOnline(userId);
  }

  /** One pub/sub subscription per user channel on this instance, whatever the number of their sockets. */
  private async listen(channel: string, handler: (payload: string) => void) {
    if (!this.channels.has(channel)) this.channels.set(channel, this.options.pubsub.subscribe(channel, handler));
    await this.channels.get(channel);
  }

  private async unlisten(channel: string) {
    const subscription = this.channels.get(channel);
    this.channels.delete(channel);
    if (subscription) await (await subscription)();
  }

  private toUser(userId: string, frame: ServerFrame) {
    return this.publish(userChannel(userId), frame);
  }

  private publish(channel: string, frame: ServerFrame) {
    return this.options.pubsub.publish(channel, JSON.stringify(frame));
  }

  private forwardEvents() {
    const { events } = this.options;
    events.on('chat.message', async ({ message, chat, actorId, recipientId }) => {
      const frame = JSON.stringify({ t: 'message', message, chat });
      await Promise.all([
        this.options.pubsub.publish(userChannel(actorId), frame),
        this.options.pubsub.publish(userChannel(recipientId), frame),
      ]);
    });
    events.on('chat.changed', async ({ chat, actorId, recipientId }) => {
      await Promise.all([this.toUser(actorId, { t: 'chat', chat }), this.toUser(recipientId, { t: 'chat', chat })]);
    });
    events.on('chat.read', ({ userId, unreadTotal }) =>
      this.toUser(userId, { t: 'unread', unread_count: unreadTotal }),
    );
    events.on('notification.changed', ({ userId, unreadCount, notice }) =>
      this.toUser(userId, { t: 'notices', unread_count: unreadCount, ...(notice ? { notice } : {}) }),
    );
    events.on('notification.broadcast', ({ notice }) => this.publish(EVERYONE_CHANNEL, { t: 'broadcast', notice }));
    const bye = ({ userId }: { userId: string }) => this.options.pubsub.publish(userChannel(userId), byeFrame(null));
    events.on('user.banned', bye);
    events.on('user.deactivated', bye);
    events.on('sessions.ended', ({ userId, sessionIds }) =>
      this.options.pubsub.publish(userChannel(userId), byeFrame(sessionIds)),
    );
  }

  /** The sockets of these sessions of `userId` on this instance close; of all their sessions when null. */
  private closeEnded(userId: string, sessionIds: string[] | null) {
    for (const each of this.local.get(userId) ?? []) {
      if (sessionIds === null || (each.sessionId && sessionIds.includes(each.sessionId))) each.socket.close(1008);
    }
  }

  /**
   * Sockets whose session ended without its "bye" reaching this instance (an instance that crashed right after
   * ending it) or that expired: found once a heartbeat, by one query for all of this instance's sessions.
   */
  private async closeLapsedSessions() {
    const bySession = new Map<string, Connection[]>();
    for (const set of this.local.values()) {
      for (const connection of set) {
        if (connection.sessionId)
          bySession.set(connection.sessionId, [...(bySession.get(connection.sessionId) ?? []), connection]);
      }
    }
    if (bySession.size === 0) return;
    const open = await this.options.openSessions([...bySession.keys()]);
    for (const [sessionId, connections] of bySession) {
      if (!open.has(sessionId)) for (const connection of connections) connection.socket.close(1008);
    }
  }

  /** A client says something at least every HEARTBEAT_SECONDS; one silent for three of them is gone. */
  private dropSilent() {
    const limit = Date.now() - HEARTBEAT_SECONDS * 3 * 1000;
    for (const set of this.local.values()) {
      for (const connection of set) if (connection.lastHeard < limit) connection.socket.terminate();
    }
  }
}
