/**
 * A local OpenID Connect provider for the browser journeys (the `oidc-provider` package, with its
 * development login and consent screens). The app's Google and Apple sign-in are pointed at it, and so is
 * Facebook's, which is plain OAuth 2.0 with a Graph-style profile at `GET /graph/me?access_token=…`.
 *
 * Accounts: whatever login name is typed becomes the subject, with the e-mail <subject>@oidc.test.
 * `POST /test/withhold-email/<subject>` makes later sign-ins of that subject carry no e-mail, as Apple does
 * after the first sign-in, so the app must fall back to the e-mail of the linked entry.
 * `POST /test/email/<subject>?email=…&verified=false` gives that subject's later sign-ins another e-mail,
 * vouched for or not (email_verified), as a provider account holding a copy of someone's address would.
 */
import Provider, { type ClientAuthMethod, type ClientMetadata } from 'oidc-provider';

// playwright.config.ts starts it with the ports of the run (E2E_OIDC_PORT and E2E_PORT).
const port = Number(process.env.OIDC_PORT);
const appUrl = process.env.OIDC_APP_URL;
if (!port || !appUrl) throw new Error('Set OIDC_PORT and OIDC_APP_URL (the app the provider sends people back to)');
const issuer = `http://127.0.0.1:${port}`;
const withheldEmails = new Set<string>();
const chosenEmails = new Map<string, { email: string; email_verified: boolean }>();

/** The e-mail claims of `subject`: none when withheld, else a chosen one or <subject>@oidc.test, verified. */
function emailClaims(subject: string): { email?: string; email_verified?: boolean } {
  if (withheldEmails.has(subject)) return {};
  return chosenEmails.get(subject) ?? { email: `${subject}@oidc.test`, email_verified: true };
}

/** Each client authenticates at the token endpoint the way the real provider expects. */
const client = (id: string, tokenAuth: ClientAuthMethod = 'client_secret_basic'): ClientMetadata => ({
  token_endpoint_auth_method: tokenAuth,
  client_id: `souk-${id}`,
  client_secret: `${id}-secret-for-tests`,
  redirect_uris: [`${appUrl}/api/auth/callback/${id}`],
  grant_types: ['authorization_code'],
  response_types: ['code'],
});

const provider = new Provider(issuer, {
  clients: [client('google'), client('apple', 'client_secret_post'), client('facebook', 'client_secret_post')],
  scopes: ['openid', 'email', 'profile', 'name', 'public_profile'],
  claims: { email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['souk-e2e-oidc'] },
  async findAccount(_context, subject) {
    return {
      accountId: subject,
      async claims() {
        return {
          sub: subject,
          name: `${subject.replace(/[-_.]/g, ' ')} Tester`,
          ...emailClaims(subject),
        };
      },
    };
  },
});

/** Facebook's Graph API answers /me with id, name, email and a nested picture. */
async function graphMe(token: string | undefined) {
  const accessToken = token ? await provider.AccessToken.find(token) : undefined;
  if (!accessToken?.accountId) return undefined;
  const subject = accessToken.accountId;
  return {
    id: subject,
    name: `${subject.replace(/[-_.]/g, ' ')} Tester`,
    email: emailClaims(subject).email,
    picture: { data: { url: `http://127.0.0.1:${port}/pictures/${subject}.png` } },
  };
}

provider.use(async (context, next) => {
  if (context.method === 'GET' && context.path === '/graph/me') {
    const bearer = context.get('authorization').replace(/^Bearer /i, '') || undefined;
    const profile = await graphMe(bearer ?? (context.query.access_token as string | undefined));
    context.status = profile ? 200 : 401;
    context.body = profile ?? { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } };
    return;
  }
  const withhold = context.path.match(/^\/test\/withhold-email\/([\w.-]+)$/);
  if (context.method === 'POST' && withhold?.[1]) {
    withheldEmails.add(withhold[1]);
    context.body = { ok: true };
    return;
  }
  const chosen = context.path.match(/^\/test\/email\/([\w.-]+)$/);
  if (context.method === 'POST' && chosen?.[1] && typeof context.query.email === 'string') {
    chosenEmails.set(chosen[1], { email: context.query.email, email_verified: context.query.verified !== 'false' });
    context.body = { ok: true };
    return;
  }
  await next();
});

provider.listen(port, '127.0.0.1', () => console.log(`OIDC provider on ${issuer}`));
