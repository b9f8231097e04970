import { isPublicAddress } from "@onstage/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LocalServer, localServer } from "../../testing/local-server";
import {
  type AddressGuard,
  type FetchRefusal,
  GuardedFetchError,
  guardedGet,
  publicWebGuard,
} from "./guarded-fetch";

// Issue 26 §4: the guarded fetch against servers on this machine. The test's own servers are on
// loopback, so its guard lets exactly one of them (`allowed`) count as public; everything else is
// judged by the domain's rule, as in production.

const NAMES: Record<string, string[]> = {
  "preview.test": ["127.0.0.1"],
  "localhost.test": ["127.0.0.1", "::1"],
  "mixed.test": ["93.184.216.34", "10.0.0.5"],
  "metadata.test": ["169.254.169.254"],
};

function resolverCounting() {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = NAMES[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses;
  };
  return { asked, resolve };
}

const LIMITS = { maxBytes: 256 * 1024, timeoutMs: 600, maxRedirects: 3 };
const HEADERS = { accept: "application/json" };

async function refusal(work: Promise<unknown>): Promise<FetchRefusal | "answered"> {
  try {
    await work;
    return "answered";
  } catch (err) {
    if (err instanceof GuardedFetchError) return err.reason;
    throw err;
  }
}

describe("guardedGet", () => {
  let allowed: LocalServer;
  let forbidden: LocalServer;
  let guard: AddressGuard;
  let asked: string[];

  beforeAll(async () => {
    forbidden = await localServer((_req, res) => res.end("secret"));
    allowed = await localServer((req, res) => {
      const [path, arg = ""] = (req.url ?? "").split("?");
      const hops = Number(/^\/hop\/(\d+)$/.exec(path ?? "")?.[1] ?? -1);
      if (hops > 0) return redirect(res, `/hop/${hops - 1}`);
      if (path === "/redirect") return redirect(res, decodeURIComponent(arg));
      if (path === "/big") return res.end(Buffer.alloc(300 * 1024, "x"));
      if (path === "/big-declared") {
        res.writeHead(200, { "content-length": String(300 * 1024) });
        return res.write("x");
      }
      if (path === "/slow") return; // never answers
      if (path === "/drip") {
        res.writeHead(200, { "content-type": "application/json" });
        const timer = setInterval(() => res.write(" "), 100);
        res.on("close", () => clearInterval(timer));
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ path, host: req.headers.host }));
    });
    const resolver = resolverCounting();
    asked = resolver.asked;
    guard = {
      resolve: resolver.resolve,
      isAllowed: (address, port) =>
        (address === "127.0.0.1" && port === allowed.port) || isPublicAddress(address),
    };
  });
  afterAll(async () => {
    await allowed.close();
    await forbidden.close();
  });

  const redirect = (res: import("node:http").ServerResponse, location: string) => {
    res.writeHead(302, { location });
    res.end();
  };
  const get = (url: string, limits = LIMITS) => guardedGet(url, guard, limits, HEADERS);

  test("an allowed server's answer is read", async () => {
    const res = await get(allowed.url("/oembed"));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ path: "/oembed", host: `127.0.0.1:${allowed.port}` });
  });

  test("a name is resolved once and the connection goes to the address that was checked", async () => {
    asked.length = 0;
    const res = await get(`http://preview.test:${allowed.port}/named`);
    // The system resolver has never heard of preview.test: only the checked address can have answered.
    expect(JSON.parse(res.body.toString())).toEqual({ path: "/named", host: `preview.test:${allowed.port}` });
    expect(asked).toEqual(["preview.test"]);
  });

  test.each([
    { form: "127.0.0.1", url: (port: number) => `http://127.0.0.1:${port}/` },
    { form: "[::1]", url: (port: number) => `http://[::1]:${port}/` },
    { form: "[::ffff:127.0.0.1]", url: (port: number) => `http://[::ffff:127.0.0.1]:${port}/` },
    { form: "2130706433", url: (port: number) => `http://2130706433:${port}/` },
    { form: "0177.0.0.1", url: (port: number) => `http://0177.0.0.1:${port}/` },
    { form: "0x7f.1", url: (port: number) => `http://0x7f.1:${port}/` },
    { form: "127.1", url: (port: number) => `http://127.1:${port}/` },
    { form: "169.254.169.254", url: () => "http://169.254.169.254/latest/meta-data/" },
    { form: "[::ffff:a9fe:a9fe]", url: () => "http://[::ffff:a9fe:a9fe]/latest/meta-data/" },
    { form: "10.0.0.1", url: () => "http://10.0.0.1/" },
    { form: "100.64.0.1", url: () => "http://100.64.0.1/" },
    { form: "192.168.1.1", url: () => "http://192.168.1.1/" },
    { form: "[fc00::1]", url: () => "http://[fc00::1]/" },
    { form: "[fe80::1]", url: () => "http://[fe80::1]/" },
    { form: "0.0.0.0", url: () => "http://0.0.0.0/" },
    { form: "a name of 127.0.0.1", url: (port: number) => `http://preview.test:${port}/` },
    { form: "a name of 127.0.0.1 and ::1", url: (port: number) => `http://localhost.test:${port}/` },
    { form: "a name of the metadata service", url: () => "http://metadata.test/latest/meta-data/" },
    { form: "a name of a public and a private address", url: () => "http://mixed.test/" },
  ])("$form is refused before connecting", async ({ url }) => {
    expect(await refusal(get(url(forbidden.port)))).toBe("address");
    expect(forbidden.requests).toEqual([]);
  });

  test("production allows public addresses on the web's ports only", () => {
    expect(publicWebGuard.isAllowed("93.184.216.34", 443)).toBe(true);
    expect(publicWebGuard.isAllowed("93.184.216.34", 80)).toBe(true);
    expect(publicWebGuard.isAllowed("93.184.216.34", 8080)).toBe(false);
    expect(publicWebGuard.isAllowed("127.0.0.1", 443)).toBe(false);
    expect(publicWebGuard.isAllowed("::ffff:10.0.0.1", 443)).toBe(false);
  });

  test.each([
    {
      case: "another port of this machine",
      to: () => `http://127.0.0.1:${forbidden.port}/`,
      want: "address",
    },
    { case: "the metadata service", to: () => "http://169.254.169.254/latest/meta-data/", want: "address" },
    {
      case: "a name of a private address",
      to: () => `http://preview.test:${forbidden.port}/`,
      want: "address",
    },
    { case: "a file", to: () => "file:///etc/passwd", want: "url" },
    { case: "an ftp server", to: () => "ftp://ftp.example.com/", want: "url" },
  ] as const)("a redirect to $case is refused ($want)", async ({ to, want }) => {
    expect(await refusal(get(allowed.url(`/redirect?${encodeURIComponent(to())}`)))).toBe(want);
    expect(forbidden.requests).toEqual([]);
  });

  test("three redirects are followed, each checked again; a fourth is refused", async () => {
    const res = await get(allowed.url("/hop/3"));
    expect(JSON.parse(res.body.toString()).path).toBe("/hop/0");
    expect(res.url).toBe(allowed.url("/hop/0"));
    expect(await refusal(get(allowed.url("/hop/4")))).toBe("redirects");
  });

  test.each(["/big", "/big-declared"])("an answer past the size cap is refused (%s)", async (path) => {
    expect(await refusal(get(allowed.url(path)))).toBe("too_large");
  });

  test.each(["/slow", "/drip"])("a server past the time cap is left (%s)", async (path) => {
    const started = Date.now();
    expect(await refusal(get(allowed.url(path)))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(LIMITS.timeoutMs + 1_000);
  });

  test("an unknown name is a network failure, not a hang", async () => {
    expect(await refusal(get("http://nowhere.test/"))).toBe("network");
  });
});
