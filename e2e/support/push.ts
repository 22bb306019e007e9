import type { APIRequestContext } from '@playwright/test';
import { dataOf } from './accounts.ts';

/** The local Web Push service (e2e/support/push-server.ts) that stands in for the browsers' push services. */
const pushControl = () => `http://127.0.0.1:${process.env.E2E_PUSH_CONTROL_PORT}`;

/** A push subscription of the account's "device" at the local push service, registered with the API. */
export async function subscribeToPush(account: APIRequestContext) {
  const { public_key: key } = (await dataOf(await account.get('/api/v1/push/key?lang=en'))) as { public_key: string };
  const made = await fetch(`${pushControl()}/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: key }),
  });
  const subscription = (await made.json()) as { endpoint: string };
  await dataOf(await account.post('/api/v1/push/subscriptions?lang=en', { data: subscription }));
  return subscription.endpoint;
}

export interface ReceivedPush {
  title: string;
  body: string;
  url: string;
  /** The payload as it was decrypted, for handing on to a browser's service worker. */
  text: string;
}

/** The pushes that reached `endpoint`, decrypted by the local push service (which checked their VAPID JWT). */
export async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  const answer = await fetch(`${pushControl()}/received?${new URLSearchParams({ endpoint })}`);
  return ((await answer.json()) as string[]).map((text) => ({
    ...(JSON.parse(text) as { title: string; body: string; url: string }),
    text,
  }));
}
