import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base64urlToBytes, currentPushState, turnOffPush, turnOnPush } from './push-subscription.ts';

const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p', auth: 'a' },
};

type Permission = 'default' | 'granted' | 'denied';

/** A browser's service worker, Push API and Notification permission, as far as the module uses them. */
function fakeBrowser(options: { permission: Permission; answer?: Permission; subscribed?: boolean }) {
  const unsubscribe = vi.fn(async () => true);
  let current: object | null = null;
  const subscriptionWith = (key: ArrayBuffer) => ({
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: key },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe,
  });
  if (options.subscribed) current = subscriptionWith(base64urlToBytes(PUBLIC_KEY).buffer);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      current = subscriptionWith(applicationServerKey.slice().buffer);
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  const requestPermission = vi.fn(async () => options.answer ?? options.permission);
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const data = url.endsWith('/push/key') ? { public_key: PUBLIC_KEY } : null;
    return new Response(JSON.stringify({ code: 200, status: 'success', message: '', data }), { status: 200 });
  });
  vi.stubGlobal('window', { PushManager: class {}, Notification: {} });
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('Notification', { permission: options.permission, requestPermission });
  vi.stubGlobal('fetch', fetch);
  return { pushManager, requestPermission, unsubscribe, calls };
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('push on this device', () => {
  it('is unsupported without a service worker and the Push API', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', {});
    expect(await currentPushState()).toBe('unsupported');
    expect(await turnOnPush()).toBe('unsupported');
  });

  it('reads the state without asking for permission', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await currentPushState()).toBe('on');
    fakeBrowser({ permission: 'denied' });
    expect(await currentPushState()).toBe('blocked');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('only logs a refusal, subscribes nothing and reports the block', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'denied' });
    expect(await turnOnPush()).toBe('blocked');
    expect(console.info).toHaveBeenCalledWith('notification permission: denied');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.calls).toEqual([]);
  });

  it('subscribes with the server’s VAPID key and registers the subscription', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    expect(await turnOnPush()).toBe('on');
    const [options] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect(Buffer.from(options?.applicationServerKey ?? []).toString('base64url')).toBe(PUBLIC_KEY);
    expect(browser.calls).toEqual([
      { method: 'GET', url: '/api/v1/push/key', body: undefined },
      { method: 'POST', url: '/api/v1/push/subscriptions', body: SUBSCRIPTION_JSON },
    ]);
  });

  it('keeps a subscription made with the same key', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await turnOnPush()).toBe('on');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('turns off: the API forgets the endpoint and the browser unsubscribes', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await turnOffPush()).toBe('off');
    expect(browser.calls).toEqual([
      { method: 'DELETE', url: '/api/v1/push/subscriptions', body: { endpoint: SUBSCRIPTION_JSON.endpoint } },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });
});
