import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contract/notification-basics.ts';

/**
 * The one-click unsubscribe of a notification mail (RFC 8058): the link names the person and the kind and is
 * signed with the server's secret, so it needs no sign-in and cannot be made for someone else.
 */
export interface UnsubscribeRequest {
  userId: string;
  kind: NotificationKind;
}

const signatureOf = (secret: string, { userId, kind }: UnsubscribeRequest) =>
  createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${kind}`).digest('base64url');

export function unsubscribeQuery(secret: string, request: UnsubscribeRequest): string {
  return new URLSearchParams({ u: request.userId, k: request.kind, s: signatureOf(secret, request) }).toString();
}

/** The request a signed link names, or null when it was not signed by us (or names no kind). */
export function verifiedUnsubscribe(
  secret: string,
  query: { u?: string; k?: string; s?: string },
): UnsubscribeRequest | null {
  const kind = NOTIFICATION_KINDS.find((each) => each === query.k);
  if (!kind || !query.u || !query.s) return null;
  const expected = Buffer.from(signatureOf(secret, { userId: query.u, kind }));
  const given = Buffer.from(query.s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: query.u, kind };
}
