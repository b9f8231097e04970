import type { SocialProvider } from "@onstage/domain";
import type { SocialProfile } from "../service";
import { facebookProfile, googleProfile, patreonProfile, twitterProfile } from "./profiles";

/** A provider's client registration, from configuration; a provider without one is not offered. */
export interface SocialProviderSettings {
  clientId: string;
  clientSecret: string;
  /**
   * Where to reach the provider instead of its public address (a local stand-in in tests): Google's
   * issuer, or the one origin serving every endpoint of the others.
   */
  baseUrl?: string;
}

export type SocialProviderConfig = Partial<Record<SocialProvider, SocialProviderSettings>>;

type ToProfile = (json: unknown, issuer: string) => SocialProfile | null;

/** OpenID Connect: endpoints by discovery on the issuer, an ID token bound to a nonce, UserInfo claims. */
export interface OidcProvider {
  protocol: "oidc";
  issuer: string;
  scope: string;
  toProfile: ToProfile;
}

/** Plain OAuth 2 with PKCE: fixed endpoints, the profile from the provider's own API. */
export interface OAuthProvider {
  protocol: "oauth2";
  /** Names the provider in accounts.issuer; accounts are keyed on it and the provider's user id. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  profileEndpoint: string;
  /** How the token endpoint takes the client secret: X wants HTTP Basic, the others form fields. */
  clientAuth: "basic" | "post";
  scope: string;
  toProfile: ToProfile;
}

export type ProviderDefinition = OidcProvider | OAuthProvider;

const PROVIDERS: Record<SocialProvider, ProviderDefinition> = {
  google: {
    protocol: "oidc",
    issuer: "https://accounts.google.com",
    scope: "openid email profile",
    toProfile: googleProfile,
  },
  twitter: {
    protocol: "oauth2",
    issuer: "https://twitter.com",
    authorizationEndpoint: "https://twitter.com/i/oauth2/authorize",
    tokenEndpoint: "https://api.x.com/2/oauth2/token",
    profileEndpoint: "https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email",
    clientAuth: "basic",
    scope: "users.read tweet.read users.email",
    toProfile: twitterProfile,
  },
  facebook: {
    protocol: "oauth2",
    issuer: "https://www.facebook.com",
    authorizationEndpoint: "https://www.facebook.com/v19.0/dialog/oauth",
    tokenEndpoint: "https://graph.facebook.com/v19.0/oauth/access_token",
    profileEndpoint: "https://graph.facebook.com/me?fields=id,email,first_name,last_name,picture",
    clientAuth: "post",
    scope: "email public_profile",
    toProfile: facebookProfile,
  },
  patreon: {
    protocol: "oauth2",
    issuer: "https://www.patreon.com",
    authorizationEndpoint: "https://www.patreon.com/oauth2/authorize",
    tokenEndpoint: "https://www.patreon.com/api/oauth2/token",
    profileEndpoint:
      "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=email,first_name,last_name,image_url,is_email_verified",
    clientAuth: "post",
    // identity.memberships: the membership gate reads the user's tiers with this token (issue 5 item 5).
    scope: "identity identity[email] identity.memberships",
    toProfile: patreonProfile,
  },
};

export const isSocialProvider = (name: string): name is SocialProvider => Object.hasOwn(PROVIDERS, name);

/** The same path and query on another origin. */
const rebase = (endpoint: string, baseUrl: string) => {
  const url = new URL(endpoint);
  return new URL(`${url.pathname}${url.search}`, baseUrl).href;
};

/** The provider's definition, pointed at `baseUrl` when the configuration gives one. */
export function providerDefinition(provider: SocialProvider, baseUrl?: string): ProviderDefinition {
  const definition = PROVIDERS[provider];
  if (!baseUrl) return definition;
  if (definition.protocol === "oidc") return { ...definition, issuer: baseUrl };
  return {
    ...definition,
    issuer: new URL(baseUrl).origin,
    authorizationEndpoint: rebase(definition.authorizationEndpoint, baseUrl),
    tokenEndpoint: rebase(definition.tokenEndpoint, baseUrl),
    profileEndpoint: rebase(definition.profileEndpoint, baseUrl),
  };
}

/**
 * Plain-http endpoints are allowed only on this machine (a development or test stand-in): anywhere else
 * the code and tokens would cross the network in clear.
 */
export function isLoopbackHttp(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
}
