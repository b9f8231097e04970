import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { hostAddress, isPublicAddress, nonPublicRange } from "@onstage/domain";

// Issue 26 §4: the only way the server reaches addresses its users name (the link-preview helper's
// providers, issue 28's webhook endpoints). The address, and every address it redirects to, is resolved
// once, every address checked, and the connection made to the checked addresses (the request's `lookup`
// hands them over: no second DNS answer can differ).

export interface AddressGuard {
  /** A name's addresses; production asks the system resolver once per hop. */
  resolve(hostname: string): Promise<string[]>;
  /** Whether the server may connect to this address and port. */
  isAllowed(address: string, port: number): boolean;
}

/** Production: public addresses only (domain isPublicAddress), on the web's ports. */
export const publicWebGuard: AddressGuard = {
  resolve: async (hostname) =>
    (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address),
  isAllowed: (address, port) => isPublicAddress(address) && (port === 443 || port === 80),
};

/** An address and port an operator allows although it is not public (their own systems). */
export interface AllowedAddress {
  address: string;
  port: number;
}

/** publicWebGuard, and the operator's own addresses besides (WEBHOOK_ALLOWED_ADDRESSES). */
export function guardAllowing(allowed: readonly AllowedAddress[]): AddressGuard {
  if (allowed.length === 0) return publicWebGuard;
  return {
    resolve: publicWebGuard.resolve,
    isAllowed: (address, port) =>
      allowed.some((entry) => entry.address === address.toLowerCase() && entry.port === port) ||
      publicWebGuard.isAllowed(address, port),
  };
}

export interface FetchLimits {
  maxBytes: number;
  /** For the whole request: resolving, connecting, every redirect and the body. */
  timeoutMs: number;
  maxRedirects: number;
}

export type FetchRefusal = "url" | "address" | "redirects" | "too_large" | "timeout" | "network";

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "GuardedFetchError";
  }
}

interface GuardedResponse {
  status: number;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

interface Hop {
  status: number;
  location: string | undefined;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET `url` within the guard and the limits; a refusal is a GuardedFetchError naming its reason. */
export function guardedGet(
  url: string,
  guard: AddressGuard,
  limits: FetchLimits,
  headers: Record<string, string>,
): Promise<GuardedResponse> {
  return guardedRequest(url, guard, limits, { method: "GET", headers });
}

/** A request with a body (a webhook's POST); a redirect is answered as it is, never followed. */
export function guardedPost(
  url: string,
  guard: AddressGuard,
  limits: Omit<FetchLimits, "maxRedirects">,
  message: { headers: Record<string, string>; body: Buffer },
): Promise<GuardedResponse> {
  return guardedRequest(url, guard, { ...limits, maxRedirects: 0 }, { method: "POST", ...message });
}

/**
 * Whether the guard lets the server reach `url` now (a webhook endpoint as it is registered; every
 * request checks again, since its name may resolve elsewhere later). A refusal is a GuardedFetchError.
 */
export async function checkReachable(url: string, guard: AddressGuard, timeoutMs: number): Promise<void> {
  await checkedTarget(new URL(url), guard, AbortSignal.timeout(timeoutMs));
}

interface Outgoing {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Buffer;
}

async function guardedRequest(
  url: string,
  guard: AddressGuard,
  limits: FetchLimits,
  outgoing: Outgoing,
): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    const target = await checkedTarget(current, guard, signal);
    const hop = await requestOnce(current, target, { outgoing, maxBytes: limits.maxBytes, signal });
    // A POST's redirect is its answer: what was posted is not posted again elsewhere.
    if (hop.location === undefined || !REDIRECTS.has(hop.status) || outgoing.method === "POST")
      return { status: hop.status, body: hop.body, url: current.href };
    if (redirects >= limits.maxRedirects)
      throw new GuardedFetchError("redirects", `more than ${limits.maxRedirects}`);
    current = parsedOrRefused(hop.location, current);
  }
}

function parsedOrRefused(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new GuardedFetchError("url", "a redirect to no URL");
  }
}

interface CheckedTarget {
  /** What the request names: the host name (for TLS and Host), or the literal address. */
  host: string;
  port: number;
  addresses: { address: string; family: number }[];
}

/** Resolves the URL's host once and refuses it unless every address is allowed. */
async function checkedTarget(url: URL, guard: AddressGuard, signal: AbortSignal): Promise<CheckedTarget> {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new GuardedFetchError("url", `${url.protocol} is not fetched`);
  if (url.username !== "" || url.password !== "") throw new GuardedFetchError("url", "credentials");
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  const literal = hostAddress(url.hostname);
  const addresses = literal ? [literal] : await beforeDeadline(guard.resolve(url.hostname), signal);
  if (addresses.length === 0) throw new GuardedFetchError("network", `${url.hostname} has no address`);
  const refused = addresses.find((address) => !guard.isAllowed(address, port));
  if (refused !== undefined) {
    const why = nonPublicRange(refused) ?? "not allowed";
    throw new GuardedFetchError("address", `${url.hostname} → ${refused} port ${port} (${why})`);
  }
  return {
    host: literal ?? url.hostname,
    port,
    addresses: addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
  };
}

async function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const deadline = new Promise<never>((_, reject) => {
    onAbort = () => reject(new GuardedFetchError("timeout", "while resolving"));
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      work.catch((err: Error) => {
        throw new GuardedFetchError("network", err.message);
      }),
      deadline,
    ]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** The socket's only lookup: the addresses checkedTarget allowed, never a new DNS answer. */
function pinnedLookup(addresses: CheckedTarget["addresses"]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
  };
}

function requestOnce(
  url: URL,
  target: CheckedTarget,
  options: { outgoing: Outgoing; maxBytes: number; signal: AbortSignal },
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    const fail = (reason: FetchRefusal, detail: string) => {
      req.destroy();
      reject(new GuardedFetchError(reason, detail));
    };
    const broken = (err: Error) =>
      options.signal.aborted ? fail("timeout", `waiting for ${url.host}`) : fail("network", err.message);
    const req = request(
      {
        host: target.host,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        method: options.outgoing.method,
        headers: { ...options.outgoing.headers, host: url.host, "accept-encoding": "identity" },
        // A connection of its own: a kept-alive socket would skip the check of this hop.
        agent: false,
        lookup: pinnedLookup(target.addresses),
        signal: options.signal,
      },
      (res) => {
        res.on("error", broken);
        // A connection closed before the end of the body ("end" never comes; a settled answer ignores it).
        res.on("close", () => broken(new Error("closed before the end of the answer")));
        readBody(res, options.maxBytes, fail, resolve);
      },
    );
    req.on("error", broken);
    req.end(options.outgoing.body);
  });
}

function readBody(
  res: IncomingMessage,
  maxBytes: number,
  fail: (reason: FetchRefusal, detail: string) => void,
  resolve: (hop: Hop) => void,
): void {
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (REDIRECTS.has(status) && location !== undefined) {
    res.destroy();
    resolve({ status, location, body: Buffer.alloc(0) });
    return;
  }
  if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
    fail("too_large", `content-length ${res.headers["content-length"]}`);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  res.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) fail("too_large", `past ${maxBytes} bytes`);
    else chunks.push(chunk);
  });
  res.on("end", () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }));
}
