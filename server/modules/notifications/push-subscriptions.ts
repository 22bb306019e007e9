import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  PUSH_CHANGES_PER_HOUR,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushKey,
  type PushPlatform,
  type PushSubscription,
  type PushSubscriptionInput,
  type PushUnsubscribeInput,
} from '../../../contract/push.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import type { PushSender, VapidKeys } from '../../kernel/push.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { type AllowedHost, isAllowedEndpoint, parseAllowedHosts } from './push-endpoints.ts';
import { loadVapidKeys } from './push-keys.ts';
import { createPushSender, type PushConfig } from './push-sender.ts';
import { pushSubscriptions } from './schema.ts';

export interface PushServiceDeps {
  db: Db;
  config: PushConfig & { PUSH_ENDPOINT_HOSTS: string };
  createLimiter: LimiterFactory;
}

const DEVICE_PLATFORMS: PushPlatform[] = ['android', 'ios'];

/**
 * Web Push and phone push registrations (SPEC.md 7 "register and unregister notification token"): the site's
 * VAPID key, and each person's subscriptions, one per browser or phone.
 */
export class PushService {
  private readonly db: Db;
  private readonly config: PushServiceDeps['config'];
  private readonly allowedHosts: AllowedHost[];
  private readonly perAccount: Limiter;
  private readonly perAddress: Limiter;
  private keys: Promise<VapidKeys> | undefined;
  /** Sends with the stored keys, made once they are loaded (delivery jobs share it). */
  readonly sender: PushSender;

  constructor(deps: PushServiceDeps) {
    this.db = deps.db;
    this.config = deps.config;
    this.allowedHosts = parseAllowedHosts(deps.config.PUSH_ENDPOINT_HOSTS);
    const limit = (keyPrefix: string, points: number) =>
      deps.createLimiter({ keyPrefix, points, durationSeconds: 3600 });
    this.perAccount = limit('push-changes-account', PUSH_CHANGES_PER_HOUR);
    this.perAddress = limit('push-changes-address', PUSH_CHANGES_PER_HOUR * 5);
    this.sender = createPushSender(this.config, () => this.vapidKeys());
  }

  /** The key pair, made at the first call of any instance and read back by every other. */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= loadVapidKeys(this.db).catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  async publicKey(): Promise<PushKey> {
    return { public_key: (await this.vapidKeys()).publicKey };
  }

  /**
   * Keeps a browser's subscription or a phone's token for the viewer. One registered before by someone else (a
   * shared computer, another account on the phone) moves to the viewer; past the limit, the oldest is dropped.
   */
  async subscribe(viewer: Viewer, input: PushSubscriptionInput, address: string): Promise<PushSubscription> {
    await this.countChange(viewer, address);
    const row = this.rowOf(input);
    const stored = await this.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(pushSubscriptions)
        .values({ ...row, userId: viewer.userId })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: viewer.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            platform: row.platform,
            addedDate: sql`now()`,
          },
        })
        .returning({ platform: pushSubscriptions.platform, addedDate: pushSubscriptions.addedDate });
      const kept = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, viewer.userId))
        .orderBy(desc(pushSubscriptions.addedDate), desc(pushSubscriptions.id))
        .limit(PUSH_SUBSCRIPTIONS_PER_USER);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, viewer.userId), notInArray(pushSubscriptions.id, kept)));
      return saved;
    });
    if (!stored) throw new Error('the push subscription was not stored');
    return { platform: row.platform, added_date: stored.addedDate.toISOString() };
  }

  /** Removes one of the viewer's own subscriptions; someone else's, or one already gone, is a 404. */
  async unsubscribe(viewer: Viewer, input: PushUnsubscribeInput, address: string): Promise<void> {
    await this.countChange(viewer, address);
    const which =
      'endpoint' in input
        ? and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.platform, 'web'))
        : and(
            eq(pushSubscriptions.endpoint, input.device_token),
            inArray(pushSubscriptions.platform, DEVICE_PLATFORMS),
          );
    const removed = await this.db
      .delete(pushSubscriptions)
      .where(and(which, eq(pushSubscriptions.userId, viewer.userId)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) throw notFound('api.pushSubscriptionNotFound');
  }

  private rowOf(input: PushSubscriptionInput) {
    if ('endpoint' in input) {
      if (!isAllowedEndpoint(input.endpoint, this.allowedHosts)) throw badRequest('api.pushEndpointRefused');
      return { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, platform: 'web' as const };
    }
    return { endpoint: input.device_token, p256dh: null, auth: null, platform: input.platform };
  }

  private async countChange(viewer: Viewer, address: string) {
    await this.perAddress.consume(address);
    await this.perAccount.consume(viewer.userId);
  }
}
