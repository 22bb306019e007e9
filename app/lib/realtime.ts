import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ClientFrame } from '../../contract/realtime.ts';
import { HEARTBEAT_SECONDS, type LiveNotice, REALTIME_PATH, type ServerFrame } from '../../contract/realtime-socket.ts';

export type ConnectionState = 'connecting' | 'open' | 'offline';
type Listener = (frame: ServerFrame) => void;
type SendFrame = Extract<ClientFrame, { t: 'send' }>;

const MAX_RETRY_MS = 15_000;
/** A pong (or any frame) must come this soon after a ping, or the socket is taken for dead. */
const PONG_WAIT_MS = 10_000;

/**
 * The tab's one WebSocket to /ws: it reconnects by itself (at once when the browser comes back online, else
 * after a growing wait), and keeps every text sent until the server acknowledges its client id, sending it
 * again on each new connection (the server stores a client id once). Listeners get every frame; an "open"
 * listener hears each (re)connection, when screens catch up on what they missed.
 */
class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly openListeners = new Set<() => void>();
  private readonly stateListeners = new Set<() => void>();
  private readonly outbox = new Map<string, SendFrame>();
  private state: ConnectionState = 'connecting';
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  unread = 0;
  /** Unread notifications (the bell). */
  notices = 0;
  /** The last notice that arrived, and when: the bell's code may load after it came (notices-live.ts). */
  latestNotice: { notice: LiveNotice; at: number } | null = null;
  userId: string | undefined;

  private started = false;
  private wasOpen = false;

  start() {
    if (this.started || typeof window === 'undefined') return;
    this.started = true;
    window.addEventListener('online', () => this.reconnectNow());
    window.addEventListener('offline', () => this.drop());
    this.connect();
  }

  getState = () => this.state;

  subscribeState = (listener: () => void) => {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  };

  onFrame(listener: Listener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onOpen(listener: () => void) {
    this.openListeners.add(listener);
    return () => void this.openListeners.delete(listener);
  }

  /** Sends a text now or as soon as a connection is back; the server's ack (or error) ends its wait. */
  sendMessage(frame: Omit<SendFrame, 't'>) {
    const send: SendFrame = { t: 'send', ...frame };
    this.outbox.set(frame.client_id, send);
    this.send(send);
  }

  send(frame: ClientFrame) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private connect() {
    clearTimeout(this.retryTimer);
    // Before the first connection the page just waits; after it, a lost connection shows until it is back.
    this.setState(this.wasOpen ? 'offline' : 'connecting');
    const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.lastHeard = Date.now();
      this.startPinging();
    };
    socket.onmessage = (event) => this.receive(socket, String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPinging();
      this.setState('offline');
      this.retryLater();
    };
  }

  private receive(socket: WebSocket, data: string) {
    if (this.socket !== socket) return;
    this.lastHeard = Date.now();
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data) as ServerFrame;
    } catch {
      return;
    }
    if (frame.t === 'ready') {
      this.unread = frame.unread_count;
      this.notices = frame.notice_count;
      this.userId = frame.user_id;
      this.wasOpen = true;
      this.setState('open');
      for (const send of this.outbox.values()) this.send(send);
      for (const listener of this.openListeners) listener();
    }
    this.count(frame);
    if (frame.t === 'ack' || (frame.t === 'error' && frame.client_id)) this.outbox.delete(frame.client_id ?? '');
    for (const listener of this.listeners) listener(frame);
  }

  /** The counts (and the latest notice) kept for code that starts listening later. */
  private count(frame: ServerFrame) {
    if (frame.t === 'unread') this.unread = frame.unread_count;
    if (frame.t === 'notices') this.notices = frame.unread_count;
    if (frame.t === 'broadcast') this.notices += 1;
    if ((frame.t === 'notices' || frame.t === 'broadcast') && frame.notice)
      this.latestNotice = { notice: frame.notice, at: Date.now() };
  }

  private startPinging() {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > HEARTBEAT_SECONDS * 1000 + PONG_WAIT_MS) this.reconnectNow();
      else this.send({ t: 'ping' });
    }, HEARTBEAT_SECONDS * 1000);
  }

  private stopPinging() {
    clearInterval(this.pingTimer);
  }

  private drop() {
    const socket = this.socket;
    this.socket = null;
    this.stopPinging();
    socket?.close();
    this.setState('offline');
  }

  private reconnectNow() {
    this.drop();
    this.retries = 0;
    this.connect();
  }

  private retryLater() {
    const wait = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.retries) * (0.5 + Math.random() / 2);
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      if (navigator.onLine !== false) this.connect();
      else this.retryLater();
    }, wait);
  }

  private setState(state: ConnectionState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }
}

let client: RealtimeClient | undefined;

/** The tab's realtime connection, opened on first use (signed-in pages only). */
export function realtime(): RealtimeClient {
  client ??= new RealtimeClient();
  client.start();
  return client;
}

/** Calls `listener` with every frame while the component is mounted (signed in only). */
export function useRealtimeFrames(enabled: boolean, listener: Listener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return realtime().onFrame((frame) => latest.current(frame));
  }, [enabled]);
}

/** Calls `listener` on each (re)connection, to catch up on what was missed meanwhile. */
export function useRealtimeOpen(enabled: boolean, listener: () => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return realtime().onOpen(() => latest.current());
  }, [enabled]);
}

const serverState = (): ConnectionState => 'connecting';

export function useConnectionState(): ConnectionState {
  const live = realtimeIfStarted();
  return useSyncExternalStore(live?.subscribeState ?? noSubscription, live?.getState ?? serverState, serverState);
}

const noSubscription = () => () => undefined;
const realtimeIfStarted = () => (typeof window === 'undefined' ? undefined : realtime());
