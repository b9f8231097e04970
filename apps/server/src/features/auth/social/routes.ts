import {
  NotFound,
  OnstageError,
  ProvidersResponse,
  RedirectPath,
  type SocialProvider,
  type SocialSignInError,
  safeRedirect,
} from "@onstage/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CookiePolicy, type SessionDeps, startSession } from "../../../kernel/identity/user-sessions";
import type { Database } from "../../../platform/database";
import { keepPatreonToken } from "../../../platform/membership/queries";
import type { AuthService } from "../service";
import { openidClient, type SocialClient, socialClient } from "./oauth";
import { isSocialProvider, type SocialProviderConfig } from "./providers";
import { saveOAuthState, spendOAuthState } from "./queries";

export interface SocialRouteDeps {
  auth: AuthService;
  db: Database;
  policy: CookiePolicy;
  publicUrl: string;
  providers: SocialProviderConfig;
  realtime: SessionDeps["realtime"];
}

const tags = ["auth"];
const OAUTH_STATE_TTL_SECONDS = 600;
const ProviderParams = z.object({ provider: z.string() });
const StartQuery = z.object({ redirectTo: RedirectPath.default("/") });

/** Why a sign-in stopped: the code the web shows (spec 1 §8) and a log reason free of secrets. */
class SocialSignInFailure extends Error {
  constructor(
    readonly code: SocialSignInError,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/** Runs one step; anything it throws becomes `code`, keeping only a short, secret-free cause for the log. */
async function step<T>(code: SocialSignInError, reason: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SocialSignInFailure(code, reason, await causeOf(error));
  }
}

/** openid-client's error code and the provider's OAuth error, never the message (it may quote a body). */
async function causeOf(error: unknown): Promise<string> {
  const oidc = await openidClient();
  if (error instanceof oidc.ResponseBodyError) return `${error.code}:${error.error}`;
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  return typeof code === "string" ? code : error instanceof Error ? error.name : "unknown";
}

/** The same-site path with `params` added to its query (its fragment stays last). */
function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(safeRedirect(path), "http://onstage.invalid");
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return safeRedirect(`${url.pathname}${url.search}${url.hash}`);
}

export function socialRoutes({
  auth,
  db,
  policy,
  publicUrl,
  providers,
  realtime,
}: SocialRouteDeps): FastifyPluginAsyncZod {
  const clients = new Map<SocialProvider, SocialClient>();
  for (const [provider, settings] of Object.entries(providers)) {
    if (isSocialProvider(provider) && settings?.clientId && settings.clientSecret)
      clients.set(provider, socialClient(provider, settings));
  }
  const clientFor = (name: string) => (isSocialProvider(name) ? clients.get(name) : undefined) ?? raise404();
  const redirectUri = (provider: SocialProvider) => `${publicUrl}/api/auth/${provider}/callback`;

  /** Back to the page the sign-in began on, naming the failure; never a 500 page mid-journey. */
  const fail = (
    req: FastifyRequest,
    reply: FastifyReply,
    provider: SocialProvider,
    to: string,
    e: unknown,
    unexpected: SocialSignInError = "social_credentials",
  ) => {
    if (e instanceof SocialSignInFailure) {
      req.log.warn({ provider, reason: e.reason, cause: e.detail }, "social sign-in failed");
    } else {
      req.log.error({ err: e, provider }, "social sign-in failed unexpectedly");
    }
    const code = e instanceof SocialSignInFailure ? e.code : unexpected;
    return reply.redirect(withQuery(to, { sign_in_error: code, provider }));
  };

  return async (app) => {
    // A sign-in in flight must never be served from a cache.
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get("/api/auth/providers", { schema: { tags, response: { 200: ProvidersResponse } } }, async () => ({
      providers: [...clients.keys()],
    }));

    app.get(
      "/api/auth/:provider/start",
      { schema: { tags, params: ProviderParams, querystring: StartQuery } },
      async (req, reply) => {
        const client = clientFor(req.params.provider);
        const { redirectTo } = req.query;
        const checks = await client.newChecks();
        try {
          const url = await step("social_credentials", "provider_unreachable", () =>
            client.authorizationUrl(redirectUri(client.provider), checks),
          );
          await saveOAuthState(db, { ...checks, provider: client.provider, redirectTo });
          reply.setCookie(policy.oauthCookie, checks.state, {
            path: "/",
            httpOnly: true,
            // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
            sameSite: "lax",
            secure: policy.secure,
            maxAge: OAUTH_STATE_TTL_SECONDS,
          });
          return reply.redirect(url.href);
        } catch (e) {
          return fail(req, reply, client.provider, redirectTo, e);
        }
      },
    );

    app.get(
      "/api/auth/:provider/callback",
      // The access log would record the URL with its code and state; failures are logged below instead.
      { logLevel: "warn", schema: { tags, params: ProviderParams } },
      async (req, reply) => {
        const client = clientFor(req.params.provider);
        // Read raw: openid-client validates the whole response (duplicates, iss) and a schema error
        // must not turn a failed sign-in into a JSON page.
        const query = new URL(req.url, "http://onstage.invalid").search;
        const params = new URLSearchParams(query);
        let redirectTo = "/";
        let unexpected: SocialSignInError = "social_credentials";
        try {
          const state = params.get("state") ?? "";
          // A callback opened in a browser that did not start this sign-in (someone else's link) is
          // refused before the state is touched, so nobody can sign a victim into their own account.
          const startedHere = state !== "" && req.cookies[policy.oauthCookie] === state;
          reply.clearCookie(policy.oauthCookie, {
            path: "/",
            secure: policy.secure,
            httpOnly: true,
            sameSite: "lax",
          });
          if (!startedHere)
            throw new SocialSignInFailure("social_credentials", "state_not_from_this_browser");
          const spent = await spendOAuthState(db, client.provider, state);
          if (!spent) throw new SocialSignInFailure("social_credentials", "state_unknown_or_spent");
          redirectTo = spent.redirectTo;
          if (!spent.isLive) throw new SocialSignInFailure("social_credentials", "state_expired");
          const error = params.get("error");
          if (error !== null) {
            // The error code is the provider's word for why (access_denied, …); anything else is not logged.
            const known = /^[a-z_]{1,40}$/.test(error) ? error : "other";
            throw new SocialSignInFailure("social_credentials", "provider_refused", known);
          }
          const checks = { state, codeVerifier: spent.codeVerifier, nonce: spent.nonce };
          const callbackUrl = new URL(`${redirectUri(client.provider)}${query}`);
          const tokens = await step("social_credentials", "code_exchange", () =>
            client.exchangeCode(callbackUrl, checks),
          );
          const profile = await step("social_user", "profile", () => client.fetchProfile(tokens));
          if (!profile) throw new SocialSignInFailure("social_user", "no_email");
          unexpected = "social_account";
          const { userId, needsTerms } = await auth.signInWithSocialProfile(profile).catch((e: unknown) => {
            // Spec 1 §8 'Could not create … account', e.g. the e-mail is a user's and the provider did not verify it.
            throw e instanceof OnstageError
              ? new SocialSignInFailure("social_account", "account", e.code)
              : e;
          });
          if (profile.provider === "patreon") {
            // The membership gate asks Patreon about this user's tiers with their own token.
            await keepPatreonToken(db, {
              userId,
              subject: profile.subject,
              accessToken: tokens.access_token,
            }).catch((e: unknown) => req.log.warn({ err: e }, "Patreon token not kept"));
          }
          await startSession({ db, policy, realtime }, req, reply, userId);
          return reply.redirect(
            needsTerms ? withQuery(redirectTo, { sign_in: "terms" }) : safeRedirect(redirectTo),
          );
        } catch (e) {
          return fail(req, reply, client.provider, redirectTo, e, unexpected);
        }
      },
    );
  };
}

function raise404(): never {
  throw NotFound();
}
