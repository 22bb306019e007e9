import { and, count, eq, gt, inArray, ne } from 'drizzle-orm';
import {
  SESSION_LIFETIME_MS,
  SESSION_RENEWAL_SECONDS,
  SOCIAL_LOGIN_FAILED,
  type SocialProvider,
} from '../../../contract/auth.ts';
import type { ConsoleAccountSession } from '../../../contract/console-account.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { RequestMeta, SignedIn, Viewer } from '../../../contract/session.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import { PersonalCache, type PersonalCaching } from '../../kernel/personal-cache.ts';
import './events.ts';
import { mayHoldSession, presentViewer, type UserAccounts } from '../users/index.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { sessions } from './schema.ts';

type CurrentViewer = { viewer: Viewer | null; cookies: string[]; sessionId: string | null };
type KnownSession = { viewer: Viewer; sessionId: string };

/** Sessions kept in this process (one per signed-in device that asked within the last minute). */
const KNOWN_SESSIONS = 20_000;

/** When the library would next renew a session that expires at `expiresAt` (it then writes a new expiry). */
const renewalDue = (expiresAt: Date) => expiresAt.getTime() - SESSION_LIFETIME_MS + SESSION_RENEWAL_SECONDS * 1000;

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
  private readonly known: PersonalCache<KnownSession>;

  constructor(
    { db, events, accounts, caching }: { db: Db; events: EventBus; accounts: UserAccounts; caching: PersonalCaching },
    gateway: LibraryGateway,
    socialProviders: SocialProvider[],
  ) {
    this.db = db;
    this.events = events;
    this.accounts = accounts;
    this.gateway = gateway;
    this.socialProviders = socialProviders;
    this.known = new PersonalCache(caching, KNOWN_SESSIONS);
    this.known.dropOn('session');
    this.known.dropOn('account');
    // The writer's own instance drops them before anything else hears of it; the others by the notices.
    events.on('user.banned', ({ userId }) => this.known.dropScope(userId));
    events.on('user.deactivated', ({ userId }) => this.known.dropScope(userId));
  }

  /**
   * The signed-in user, renewing the session (its expiry moves to one day from now). A session found is kept
   * in this process by its credential until the library would renew it (at most a minute), dropped at once
   * when it ends or its account changes, on any instance (docs/decisions/0023).
   */
  async currentViewer(meta: RequestMeta): Promise<CurrentViewer> {
    const credential = await this.gateway.credentialOf(meta);
    if (!credential) return this.lookUp(meta);
    const looked: { answer?: CurrentViewer } = {};
    const known = await this.known.get(credential, async () => {
      const { answer, token, expiresAt } = await this.lookUpSession(meta);
      looked.answer = answer;
      const { viewer, sessionId } = answer;
      if (!viewer || !sessionId || !token || !expiresAt || !this.gateway.credentialCarries(credential, token))
        return null;
      return { value: { viewer, sessionId }, scope: viewer.userId, until: renewalDue(expiresAt) };
    });
    return looked.answer ?? { viewer: known?.viewer ?? null, sessionId: known?.sessionId ?? null, cookies: [] };
  }

  private async lookUp(meta: RequestMeta): Promise<CurrentViewer> {
    return (await this.lookUpSession(meta)).answer;
  }

  private async lookUpSession(meta: RequestMeta) {
    const { user, cookies, sessionId, token, expiresAt } = await this.gateway.currentSession(meta);
    const answer: CurrentViewer =
      !user || !mayHoldSession(user)
        ? { viewer: null, cookies, sessionId: null }
        : { viewer: presentViewer(user), cookies, sessionId };
    return { answer, token, expiresAt };
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

  /** How many sessions of the account are open. */
  async openCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
    return row?.count ?? 0;
  }

  /**
   * The account's open sessions, the last renewed first (the operator's console). Read by sessions_user_idx and
   * sorted: an account holds few open sessions, and an index on updated_at would cost every renewal its HOT update.
   */
  async openOf(userId: string, page: PageWindow): Promise<Paged<ConsoleAccountSession>> {
    const rows = await this.db
      .select({
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(latestFirst(sessions.updatedAt), latestFirst(sessions.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const open = rows.map((row) => ({
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.updatedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    }));
    return toPage(open, page.limit, page.offset);
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
    const credential = await this.gateway.credentialOf(meta);
    if (credential) this.known.drop(credential);
    if (sessionId) await this.ended(viewer.userId, [sessionId]);
    return cookies;
  }

  /** Ends every session of a user (ban, deactivation, a confirmed registration or password reset). */
  async endAll(userId: string) {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    this.known.dropScope(userId);
    await this.ended(userId, null);
  }

  /** Ends every session of a user but the one of this request (a new password). */
  async endOthers(userId: string, meta: RequestMeta) {
    const { token } = await this.gateway.currentSession(meta);
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.token, token ?? '')))
      .returning({ id: sessions.id });
    this.known.dropScope(userId);
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
