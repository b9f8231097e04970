// @vitest-environment happy-dom
import { CLIENT_ERROR_REPORTS_PER_MINUTE, MINUTE_MS } from "@onstage/domain";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { stubApi } from "../../testing/apiStub";

// Issue 29 §4: the web app's failures go to the server's log, or to Sentry when the server has a DSN;
// rate-limited, without personal data.

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

const reporter = () => import("./reporter");

test("without a DSN a report goes to the server, scrubbed; the same failure once a minute, ten a minute at most", async () => {
  const api = stubApi(({ path }) =>
    path === "/api/client-config"
      ? { status: 200, body: { sentryDsn: null, environment: "test" } }
      : { status: 204 },
  );
  const { report } = await reporter();
  const failure = new Error("Failed for ada@example.test at https://x.test/a?token=1");
  await report("player", failure, "manifestLoadError");
  await report("player", failure, "manifestLoadError");
  await vi.waitFor(() => expect(api.of("POST", "/api/client-errors")).toHaveLength(1));
  const [sent] = api.of("POST", "/api/client-errors");
  expect(sent?.body).toMatchObject({
    kind: "player",
    code: "manifestLoadError",
    message: "Error: Failed for [email] at https://x.test/a",
    path: "/",
  });
  expect(JSON.stringify(sent?.body)).not.toContain("ada@example.test");

  for (let i = 0; i < 20; i++) await report("error", `failure ${i}`);
  await vi.waitFor(() =>
    expect(api.of("POST", "/api/client-errors")).toHaveLength(CLIENT_ERROR_REPORTS_PER_MINUTE),
  );
  vi.setSystemTime(Date.now() + MINUTE_MS);
  await report("player", failure, "manifestLoadError");
  await vi.waitFor(() =>
    expect(api.of("POST", "/api/client-errors")).toHaveLength(CLIENT_ERROR_REPORTS_PER_MINUTE + 1),
  );
  expect(api.of("GET", "/api/client-config")).toHaveLength(1);
});

test("with a DSN Sentry's browser SDK sends the event to its envelope endpoint, and the server's log gets nothing", async () => {
  const sentry: { url: string; body: string }[] = [];
  const ours: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("https://sentry.example.test/")) {
      sentry.push({ url, body: String(init?.body) });
      return new Response("{}", { status: 200 });
    }
    ours.push(url);
    const body = { sentryDsn: "https://publickey@sentry.example.test/42", environment: "staging" };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  });
  const { report } = await reporter();
  await report("render", new TypeError("x is undefined"));
  await vi.waitFor(() => expect(sentry).toHaveLength(1), { timeout: 5_000 });
  expect(sentry[0]?.url).toMatch(
    /^https:\/\/sentry\.example\.test\/api\/42\/envelope\/\?.*sentry_key=publickey/,
  );
  expect(sentry[0]?.body).toContain('"environment":"staging"');
  expect(sentry[0]?.body).toContain("x is undefined");
  expect(sentry[0]?.body).toContain('"kind":"render"');
  expect(ours).toEqual(["/api/client-config"]);
});
