import {
  BadRequest,
  errorMessage,
  type LinkPreview,
  type LinkPreviewRequest,
  linkPreviewOf,
  NotFound,
  previewTarget,
  RateLimited,
  Unavailable,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { TtlCache } from "../../platform/cache/ttl-cache";
import type { Queryable } from "../../platform/database";
import { jsonOrNull } from "../../platform/json";
import {
  type AddressGuard,
  type FetchLimits,
  GuardedFetchError,
  guardedGet,
  publicWebGuard,
} from "../../platform/net/guarded-fetch";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import { PREVIEW_CACHE, PREVIEW_FETCH_LIMITS } from "./limits";
import {
  type FacebookToken,
  findProvider,
  maintainedProviders,
  type ProviderEndpoint,
  type ProviderList,
  providerRequestUrl,
  providerTable,
} from "./providers";

// Spec 3 §5, §7 and issue 26 §4: an address turned into embeddable preview data by its oEmbed provider.

export interface LinkPreviewOptions {
  /** main.ts: FACEBOOK_APP_ID and FACEBOOK_CLIENT_TOKEN; unset: no Facebook or Instagram previews. */
  facebook?: FacebookToken;
  /** Tests: their own provider list (stand-ins on this machine); else the maintained one. */
  providers?: ProviderList;
  /** Tests: which addresses count as public (one loopback port); else the public internet only. */
  guard?: AddressGuard;
  limits?: Partial<FetchLimits>;
}

interface Deps {
  db: Queryable;
  clock: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
}

type Size = { maxwidth?: number; maxheight?: number };

type Found =
  | { kind: "preview"; preview: LinkPreview }
  /** No provider claims the address, or the provider has no preview of it (a 4xx). */
  | { kind: "no_provider" | "not_found" };

export function linkPreviewService(deps: Deps, options: LinkPreviewOptions) {
  const limits = { ...PREVIEW_FETCH_LIMITS, ...options.limits };
  const guard = options.guard ?? publicWebGuard;
  const headers = {
    accept: "application/json",
    "user-agent": `Onstage link preview (+${deps.publicUrl})`,
  };
  let table: ProviderEndpoint[] | undefined;
  const providers = () => {
    table ??= options.providers
      ? providerTable(options.providers, { httpsOnly: false, facebook: options.facebook })
      : providerTable(maintainedProviders(), { httpsOnly: true, facebook: options.facebook });
    return table;
  };
  const cache = new TtlCache<string, Found>(PREVIEW_CACHE.entries, () => deps.clock().getTime());
  const keepFor = (found: Found, now: number) =>
    now + (found.kind === "preview" ? PREVIEW_CACHE.previewMs : PREVIEW_CACHE.noPreviewMs);

  /** Issue 26 §4: only a request that will reach a provider counts against the user. */
  async function limitUser(userId: number): Promise<void> {
    const key: ThrottleKey = { scope: "link-preview", value: String(userId) };
    if (await isOverLimit(deps.db, key)) throw RateLimited("link_preview_rate_limited");
    await countAttempt(deps.db, [key]);
  }

  async function ask(provider: ProviderEndpoint, target: URL, size: Size): Promise<Found> {
    const url = providerRequestUrl(provider, target, size, options.facebook);
    let status: number;
    let body: Buffer;
    try {
      ({ status, body } = await guardedGet(url, guard, limits, headers));
    } catch (err) {
      if (!(err instanceof GuardedFetchError)) throw err;
      deps.log.warn({ provider: provider.providerName, reason: err.message }, "link preview refused");
      throw Unavailable("link_preview_unavailable");
    }
    // A removed or private resource; the provider's own rate limit (429) or timeout (408) is no answer.
    if (status >= 400 && status < 500 && status !== 429 && status !== 408) return { kind: "not_found" };
    const preview =
      status === 200 ? linkPreviewOf(jsonOrNull(body.toString("utf8")), providerNames(provider)) : null;
    if (!preview) {
      deps.log.warn({ provider: provider.providerName, status }, "link preview: no oEmbed answer");
      throw Unavailable("link_preview_unavailable");
    }
    return { kind: "preview", preview };
  }

  return {
    async preview(userId: number, request: LinkPreviewRequest): Promise<LinkPreview> {
      const target = previewTarget(request.url);
      if (!target) throw BadRequest("link_preview_invalid_url");
      const size = { maxwidth: request.maxwidth || undefined, maxheight: request.maxheight || undefined };
      const key = `${size.maxwidth ?? 0}x${size.maxheight ?? 0} ${target.href}`;
      let found = cache.peek(key);
      if (!found) {
        const provider = findProvider(providers(), target);
        if (provider) await limitUser(userId);
        found = await cache.getOrLoad(
          key,
          async () => (provider ? ask(provider, target, size) : { kind: "no_provider" }),
          keepFor,
        );
      }
      if (found.kind === "preview") return found.preview;
      if (found.kind === "not_found") throw NotFound("link_preview_not_found");
      // Spec 3 §5: 'No provider found with given url' followed by the address.
      const code = "link_preview_no_provider";
      throw NotFound(code, `${errorMessage(code)} ${request.url}`);
    },
  };
}

const providerNames = (provider: ProviderEndpoint) => ({
  name: provider.providerName,
  url: provider.providerUrl,
});
