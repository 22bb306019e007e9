import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { and, eq } from 'drizzle-orm';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../contract/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../kernel/database.ts';
import type { UserAccounts } from '../users/index.ts';
import { accounts } from './schema.ts';

/** Google, Facebook and Apple as the auth library's generic OAuth providers, and what we take from them. */

/**
 * This site, plus Apple's sign-in origin when Apple is on: Apple posts the sign-in result back to us
 * from its own pages (response_mode=form_post).
 */
export function trustedOrigins(config: Config) {
  const origins = [config.publicUrl];
  if (enabledSocialProviders(config).includes('apple')) origins.push(new URL(config.APPLE_DISCOVERY_URL).origin);
  return origins;
}

/** Providers whose client id and secret are configured; the others get no button. */
export function enabledSocialProviders(config: Config): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => {
    const prefix = provider.toUpperCase() as 'GOOGLE' | 'FACEBOOK' | 'APPLE';
    return Boolean(config[`${prefix}_CLIENT_ID`] && config[`${prefix}_CLIENT_SECRET`]);
  });
}

export function socialProviderConfigs(db: Db, userAccounts: UserAccounts, config: Config): GenericOAuthConfig[] {
  const enabled = new Set(enabledSocialProviders(config));
  const all: GenericOAuthConfig[] = [
    {
      providerId: 'google',
      discoveryUrl: config.GOOGLE_DISCOVERY_URL,
      clientId: config.GOOGLE_CLIENT_ID ?? '',
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile'],
    },
    {
      providerId: 'facebook',
      authorizationUrl: config.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: config.FACEBOOK_TOKEN_URL,
      userInfoUrl: config.FACEBOOK_USERINFO_URL,
      clientId: config.FACEBOOK_CLIENT_ID ?? '',
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      scopes: ['email', 'public_profile'],
      // Facebook and Apple take the client credentials in the form body, not in a Basic header.
      tokenEndpointAuth: { method: 'client_secret_post' },
    },
    {
      providerId: 'apple',
      discoveryUrl: config.APPLE_DISCOVERY_URL,
      clientId: config.APPLE_CLIENT_ID ?? '',
      clientSecret: config.APPLE_CLIENT_SECRET,
      scopes: ['openid', 'email', 'name'],
      responseMode: 'form_post',
      tokenEndpointAuth: { method: 'client_secret_post' },
    },
  ];
  return all
    .filter((provider) => enabled.has(provider.providerId as SocialProvider))
    .map((provider) => ({
      ...provider,
      mapProfileToUser: async (profile) => {
        const email =
          vouchedEmail(provider.providerId, profile) ??
          (await linkedProviderEmail(db, userAccounts, provider.providerId, profile));
        // With no address the library refuses the sign-in ('… login failed.'): an address the provider does not
        // vouch for would otherwise create an account holding someone else's address.
        return {
          email,
          emailVerified: email !== undefined,
          name: profileName(profile),
          image: profilePicture(profile),
        };
      },
    }));
}

/**
 * The address the provider vouches for. Google and Apple say so in email_verified (Apple as the text "true");
 * Facebook's Graph API has no such claim but only returns an address its owner confirmed.
 */
function vouchedEmail(providerId: string, profile: Record<string, unknown>) {
  if (typeof profile.email !== 'string') return undefined;
  const vouched = providerId === 'facebook' || profile.email_verified === true || profile.email_verified === 'true';
  return vouched ? profile.email : undefined;
}

/**
 * A provider that sends no e-mail this time (Apple sends it only on the first sign-in; Facebook accounts
 * may have none) falls back to the e-mail recorded with the linked provider entry (SPEC.md 5).
 */
async function linkedProviderEmail(
  db: Db,
  userAccounts: UserAccounts,
  providerId: string,
  profile: Record<string, unknown>,
) {
  const subject = profile.sub ?? profile.id;
  if (subject === undefined || subject === null) return undefined;
  const [linked] = await db
    .select({ providerEmail: accounts.providerEmail, userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, String(subject))))
    .limit(1);
  if (!linked) return undefined;
  return linked.providerEmail ?? (await userAccounts.find(linked.userId))?.userEmail ?? undefined;
}

function profileName(profile: Record<string, unknown>) {
  if (typeof profile.name === 'string' && profile.name.trim()) return profile.name.trim();
  const given = typeof profile.given_name === 'string' ? profile.given_name : '';
  const family = typeof profile.family_name === 'string' ? profile.family_name : '';
  return `${given} ${family}`.trim() || undefined;
}

function profilePicture(profile: Record<string, unknown>) {
  const picture = profile.picture as string | { data?: { url?: string } } | undefined;
  return typeof picture === 'string' ? picture : picture?.data?.url;
}
