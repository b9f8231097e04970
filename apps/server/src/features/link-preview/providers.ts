import { createRequire } from "node:module";
import { z } from "zod";

// Issue 26 §4: which oEmbed endpoint answers for an address, from oembed.com's maintained provider list
// (the oembed-providers package, its providers.json). Only listed schemes match: an address no listed
// provider claims is 'No provider found' (spec 3 §5) and is never fetched, so the server only ever
// talks to the providers' endpoints (no discovery from the page itself; docs/decisions.md).

/** oembed.com's providers.json, as far as it is read here. */
export const ProviderList = z.array(
  z.object({
    provider_name: z.string(),
    provider_url: z.string(),
    endpoints: z.array(z.object({ schemes: z.array(z.string()).optional(), url: z.string() })),
  }),
);
export type ProviderList = z.infer<typeof ProviderList>;

export interface ProviderEndpoint {
  providerName: string;
  providerUrl: string;
  /** The endpoint, `{format}` filled in with json. */
  endpoint: string;
  matches: (target: URL) => boolean;
}

/** Facebook's Graph API serves the Facebook and Instagram endpoints; it wants the app's token. */
const FACEBOOK_GRAPH_HOST = "graph.facebook.com";

/** `access_token=APPID|TOKEN` for the Graph API endpoints (spec 3 §7); unset: those providers are left out. */
export interface FacebookToken {
  appId: string;
  clientToken: string;
}

export interface TableOptions {
  /** The maintained list has some http:// endpoints; production asks them over https. */
  httpsOnly: boolean;
  facebook: FacebookToken | undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A listed scheme (`https://*.youtube.com/watch*`) as a test of an address: http and https alike, a
 * host wildcard one label of the name, a path wildcard anything; the port must match too (none).
 */
function schemeTest(scheme: string): ((target: URL) => boolean) | null {
  const parts = /^https?:\/\/([^/]+)(\/.*)?$/i.exec(scheme);
  if (!parts) return null;
  const glob = (text: string, any: string) => text.split("*").map(escapeRegExp).join(any);
  const host = new RegExp(`^${glob((parts[1] ?? "").toLowerCase(), "[a-z0-9-]+")}$`);
  const rest = new RegExp(`^${glob(parts[2] ?? "/", ".*")}$`, "i");
  return (target) =>
    (target.protocol === "https:" || target.protocol === "http:") &&
    host.test(target.host) &&
    rest.test(`${target.pathname}${target.search}${target.hash}`);
}

export function providerTable(list: ProviderList, options: TableOptions): ProviderEndpoint[] {
  return list.flatMap((provider) =>
    provider.endpoints.flatMap((entry) => {
      const endpoint = entry.url.replaceAll("{format}", "json");
      const tests = (entry.schemes ?? []).flatMap((scheme) => schemeTest(scheme) ?? []);
      if (tests.length === 0 || !URL.canParse(endpoint)) return [];
      if (new URL(endpoint).hostname === FACEBOOK_GRAPH_HOST && !options.facebook) return [];
      return [
        {
          providerName: provider.provider_name,
          providerUrl: provider.provider_url,
          endpoint: options.httpsOnly ? endpoint.replace(/^http:/i, "https:") : endpoint,
          matches: (target: URL) => tests.some((test) => test(target)),
        },
      ];
    }),
  );
}

export const findProvider = (table: ProviderEndpoint[], target: URL) =>
  table.find((entry) => entry.matches(target)) ?? null;

/** Spec 3 §7: format json, the url, maxwidth and maxheight only above 0, and the Graph API's token. */
export function providerRequestUrl(
  provider: ProviderEndpoint,
  target: URL,
  size: { maxwidth?: number; maxheight?: number },
  facebook: FacebookToken | undefined,
): string {
  const url = new URL(provider.endpoint);
  url.searchParams.set("format", "json");
  url.searchParams.set("url", target.href);
  if (size.maxwidth) url.searchParams.set("maxwidth", String(size.maxwidth));
  if (size.maxheight) url.searchParams.set("maxheight", String(size.maxheight));
  if (url.hostname === FACEBOOK_GRAPH_HOST && facebook)
    url.searchParams.set("access_token", `${facebook.appId}|${facebook.clientToken}`);
  return url.href;
}

/** The maintained list, read on the first preview (170 KB of JSON no other request needs). */
export function maintainedProviders(): ProviderList {
  return ProviderList.parse(createRequire(import.meta.url)("oembed-providers/providers.json"));
}
