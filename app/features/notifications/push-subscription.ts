import type { PushKey } from '../../../contract/push.ts';
import { ApiError, apiDelete, apiGet, apiPost } from '../../lib/api-client.ts';

/**
 * Push on this device, as the browser sees it: `unsupported` (no service worker or Push API), `blocked` (the
 * person refused notifications: only the browser's site settings can change that), `off`, or `on` (subscribed).
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const KEY_PATH = '/api/v1/push/key';
const SUBSCRIPTIONS_PATH = '/api/v1/push/subscriptions';
/** The service worker with the push and notificationclick handlers (public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The state now, without asking anything: no permission prompt, no service worker started. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/**
 * Asks the browser's permission (call it only from a press of the person's), subscribes through the service
 * worker with the server's VAPID key and registers the subscription with the API. A refusal is only logged
 * (SPEC.md 8) and answers `blocked` (or `off` when the prompt was dismissed).
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`notification permission: ${permission}`);
    return permission === 'denied' ? 'blocked' : 'off';
  }
  const registration = await serviceWorker();
  const { public_key: publicKey } = await apiGet<PushKey>(KEY_PATH);
  const subscription = await subscriptionFor(registration, publicKey);
  await apiPost(SUBSCRIPTIONS_PATH, subscription.toJSON());
  return 'on';
}

/** Removes this device's subscription from the API and from the browser's push service. */
export async function turnOffPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return 'off';
  try {
    await apiDelete(SUBSCRIPTIONS_PATH, { body: { endpoint: subscription.endpoint } });
  } catch (error) {
    // Already forgotten by the server (a push service said it was gone, or another account took it over).
    if (!(error instanceof ApiError && error.code === 404)) throw error;
  }
  await subscription.unsubscribe();
  return 'off';
}

/** The active service worker, registered first when the page has not done it yet. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const registered = await navigator.serviceWorker.getRegistration();
  if (!registered) await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** The existing subscription when it was made with this key; otherwise a new one (the key changed). */
async function subscriptionFor(registration: ServiceWorkerRegistration, publicKey: string) {
  const key = base64urlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null | undefined, bytes: Uint8Array) {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return view.every((byte, i) => byte === bytes[i]);
}
