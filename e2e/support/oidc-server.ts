/**
 * A local OpenID Connect provider for the browser journeys (the `oidc-provider` package, with its
 * development login and consent screens). The app's Google and Apple sign-in are pointed at it.
 *
 * Accounts: whatever login name is typed becomes the subject, with the e-mail <subject>@oidc.test.
 * `POST /test/withhold-email/<subject>` makes later sign-ins of that subject carry no e-mail, as Apple does
 * after the first sign-in, so the app must fall back to the e-mail of the linked entry.
 */
import Provider, { type ClientMetadata } from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3199);
const appUrl = process.env.OIDC_APP_URL ?? 'http://127.0.0.1:3100';
const issuer = `http://127.0.0.1:${port}`;
const withheldEmails = new Set<string>();

const client = (id: string): ClientMetadata => ({
  client_id: `souk-${id}`,
  client_secret: `${id}-secret-for-tests`,
  redirect_uris: [`${appUrl}/api/auth/callback/${id}`],
  grant_types: ['authorization_code'],
  response_types: ['code'],
});

const provider = new Provider(issuer, {
  clients: [client('google'), client('apple')],
  scopes: ['openid', 'email', 'profile', 'name'],
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
          ...(withheldEmails.has(subject) ? {} : { email: `${subject}@oidc.test`, email_verified: true }),
        };
      },
    };
  },
});

provider.use(async (context, next) => {
  const withhold = context.path.match(/^\/test\/withhold-email\/([\w.-]+)$/);
  if (context.method === 'POST' && withhold?.[1]) {
    withheldEmails.add(withhold[1]);
    context.body = { ok: true };
    return;
  }
  await next();
});

provider.listen(port, '127.0.0.1', () => console.log(`OIDC provider on ${issuer}`));
