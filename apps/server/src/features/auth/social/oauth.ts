import type { SocialProvider } from "@onstage/domain";
import type * as OpenId from "openid-client";
import { onFirstUse } from "../../../platform/first-use";
import type { SocialProfile } from "../service";
import {
  isLoopbackHttp,
  type OAuthProvider,
  type ProviderDefinition,
  providerDefinition,
  type SocialProviderSettings,
} from "./providers";

type OpenIdClient = typeof OpenId;

/**
 * openid-client loads with the first sign-in through a provider: a server without social providers
 * never carries it (issue 14 §5).
 */
export const openidClient: () => Promise<OpenIdClient> = onFirstUse(() => import("openid-client"));

/** A provider that hangs must not hold a person on a blank page for openid-client's default 30 s. */
const REQUEST_TIMEOUT_SECONDS = 10;

export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce: string | null;
}

type Tokens = Awaited<ReturnType<typeof OpenId.authorizationCodeGrant>>;

/** One configured provider, spoken to through openid-client. */
export interface SocialClient {
  provider: SocialProvider;
  /** A new sign-in's random state, PKCE verifier and (OpenID Connect) nonce. */
  newChecks(): Promise<AuthorizationChecks>;
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /** Refused for a wrong or replayed code, a wrong PKCE verifier, state or nonce. */
  exchangeCode(callbackUrl: URL, checks: AuthorizationChecks): Promise<Tokens>;
  /** Null when the provider gave no usable e-mail. */
  fetchProfile(tokens: Tokens): Promise<SocialProfile | null>;
}

export function socialClient(provider: SocialProvider, settings: SocialProviderSettings): SocialClient {
  const definition = providerDefinition(provider, settings.baseUrl);
  const configuration =
    definition.protocol === "oidc" ? discovered(definition, settings) : fixed(definition, settings);
  return {
    provider,

    async newChecks() {
      const oidc = await openidClient();
      return {
        state: oidc.randomState(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        nonce: definition.protocol === "oidc" ? oidc.randomNonce() : null,
      };
    },

    async authorizationUrl(redirectUri, checks) {
      const oidc = await openidClient();
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: definition.scope,
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
        ...(checks.nonce ? { nonce: checks.nonce } : {}),
      });
    },

    async exchangeCode(callbackUrl, checks) {
      const oidc = await openidClient();
      return oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
      });
    },

    async fetchProfile(tokens) {
      const oidc = await openidClient();
      const config = await configuration();
      if (definition.protocol === "oidc") {
        const claims = tokens.claims();
        if (!claims) return null;
        // The subject must be the ID token's: UserInfo answering for someone else is refused.
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        return definition.toProfile(userInfo, claims.iss);
      }
      const url = new URL(definition.profileEndpoint);
      const response = await oidc.fetchProtectedResource(config, tokens.access_token, url, "GET");
      if (!response.ok) throw new Error(`profile request answered ${response.status}`);
      return definition.toProfile(await response.json(), definition.issuer);
    },
  };
}

const loopbackOnly = (oidc: OpenIdClient, url: string) =>
  isLoopbackHttp(url) ? [oidc.allowInsecureRequests] : [];

/** Discovery runs on first use and again after a failure, so a provider down at boot does not stick. */
function discovered(definition: ProviderDefinition, settings: SocialProviderSettings) {
  return onFirstUse(() =>
    openidClient().then((oidc) =>
      oidc.discovery(
        new URL(definition.issuer),
        settings.clientId,
        settings.clientSecret,
        oidc.ClientSecretBasic(settings.clientSecret),
        { execute: loopbackOnly(oidc, definition.issuer), timeout: REQUEST_TIMEOUT_SECONDS },
      ),
    ),
  );
}

/**
 * HTTP Basic as X documents it: base64 of `id:secret` as they are. openid-client form-encodes both first
 * (RFC 6749 §2.3.1), which turns the '-' in X's secrets into '%2D' that X's example never shows.
 */
const plainBasic =
  (clientId: string, clientSecret: string): OpenId.ClientAuth =>
  (_server, _client, _body, headers) => {
    headers.set("authorization", `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`);
  };

function fixed(definition: OAuthProvider, settings: SocialProviderSettings) {
  return onFirstUse(() => openidClient().then((oidc) => configured(oidc, definition, settings)));
}

function configured(oidc: OpenIdClient, definition: OAuthProvider, settings: SocialProviderSettings) {
  const config = new oidc.Configuration(
    {
      issuer: definition.issuer,
      authorization_endpoint: definition.authorizationEndpoint,
      token_endpoint: definition.tokenEndpoint,
    },
    settings.clientId,
    settings.clientSecret,
    definition.clientAuth === "basic"
      ? plainBasic(settings.clientId, settings.clientSecret)
      : oidc.ClientSecretPost(settings.clientSecret),
  );
  config.timeout = REQUEST_TIMEOUT_SECONDS;
  // Every endpoint shares one origin when overridden, so checking one of them covers all.
  for (const allow of loopbackOnly(oidc, definition.tokenEndpoint)) allow(config);
  return config;
}
