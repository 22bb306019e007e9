import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { SOCIAL_LOGIN_FAILED, type SocialProvider } from '../../../contract/auth.ts';
import type { RequestMeta, SignedIn, Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import './events.ts';
import { mayHoldSession, presentViewer, type UserAccounts } from '../users/index.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { sessions } from './schema.ts';

/**
 * Sessions: who is asking, opening one once a sign-in method has identified the account, ending them
 * (sign-out, another password, a ban or deactivation), and the start of a social sign-in.
 */
export class Sessions {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly accounts: UserAccounts;
  private readonly gateway: LibraryGateway;
  private readonly socialProviders: SocialProvider[];

  constructor(
    { db, events, accounts }: { db: Db; events: EventBus; accounts: UserAccounts },
    gateway: LibraryGateway,
    socialProviders: SocialProvider[],
  ) {
    this.db = db;
    this.events = events;
    this.accounts = accounts;
    this.gateway = gateway;
    this.socialProviders = socialProviders;
  }

  /** The signed-in user, renewing the session (its expiry moves to one day from now). */
  async currentViewer(
    meta: RequestMeta,
  ): Promise<{ viewer: Viewer | null; cookies: string[]; sessionId: string | null }> {
    const { user, cookies, sessionId } = await this.gateway.currentSession(meta);
    if (!user || !mayHoldSession(user)) return { viewer: null, cookies, sessionId: null };
    return { viewer: presentViewer(user), cookies, sessionId };
  }

  /** Which of these sessions still hold (not ended, not expired): a WebSocket of another closes. */
  async stillOpen(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date())));
    return new Set(rows.map((row) => row.id));
  }

  /** Signs in an account a sign-in method has identified; `refusedKey` is the message when it may not sign in. */
  async start(userId: string, meta: RequestMeta, refusedKey: string): Promise<SignedIn> {
    const session = await this.gateway.startSession(userId, meta, refusedKey);
    return { userId, userName: await this.accounts.nameOf(userId), ...session };
  }

  /** Keeps an app's push token with the account (SPEC.md 4 Session). */
  async rememberDevice(userId: string, deviceToken: string) {
    await this.accounts.setDeviceToken(userId, deviceToken);
  }

  /** Ends this session and forgets the device's push token; `viewer` is who the request was already found to be. */
  async logout(meta: RequestMeta, viewer: Viewer | null): Promise<string[]> {
    if (!viewer) return this.gateway.signOut(meta);
    await this.accounts.setDeviceToken(viewer.userId, null);
    const { sessionId } = await this.gateway.currentSession(meta);
    const cookies = await this.gateway.signOut(meta);
    if (sessionId) await this.ended(viewer.userId, [sessionId]);
    return cookies;
  }

  /** Ends every session of a user (ban, deactivation, a confirmed registration or password reset). */
  async endAll(userId: string) {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    await this.ended(userId, null);
  }

  /** Ends every session of a user but the one of this request (a new password). */
  async endOthers(userId: string, meta: RequestMeta) {
    const { token } = await this.gateway.currentSession(meta);
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.token, token ?? '')))
      .returning({ id: sessions.id });
    await this.ended(
      userId,
      ended.map((row) => row.id),
    );
  }

  /** Tells whatever these sessions opened (WebSockets on any instance) that they ended; null: all of them. */
  private async ended(userId: string, sessionIds: string[] | null) {
    if (sessionIds?.length === 0) return;
    await this.events.publish('sessions.ended', { userId, sessionIds });
  }

  clearedSessionCookies() {
    return this.gateway.clearedSessionCookies();
  }

  enabledSocialProviders() {
    return this.socialProviders;
  }

  /** The provider's sign-in address and the state cookies to set before going there. */
  async startSocialSignIn(
    provider: SocialProvider,
    urls: { callbackURL: string; errorCallbackURL: string },
    meta: RequestMeta,
  ) {
    if (!this.socialProviders.includes(provider)) throw new AppError(404, 'auth.providerDisabled');
    return this.gateway.startSocialSignIn(provider, urls, meta, SOCIAL_LOGIN_FAILED[provider]);
  }
}
