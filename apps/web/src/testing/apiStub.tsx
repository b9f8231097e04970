import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, vi } from "vitest";

// Component tests answer the app's requests at its boundary (fetch), as the server would: JSON bodies
// and error envelopes, so api() parses and refuses exactly as in the browser.

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A JSON body, or `text` as it is (an HLS playlist). */
export type StubAnswer = { status: number; body?: unknown; text?: string };

/** Answers each request by `route(request)`; every request is kept in `requests`, in order. */
export function stubApi(route: (request: StubRequest) => StubAnswer) {
  const requests: StubRequest[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://onstage.test");
    const method = (init?.method ?? "GET").toUpperCase();
    const text = typeof init?.body === "string" ? init.body : null;
    const request = {
      method,
      path: url.pathname + url.search,
      body: text === null ? null : JSON.parse(text),
    };
    // The CSRF token every POST fetches first is no business of the tests.
    if (request.path === "/api/auth/csrf") return json(200, { csrfToken: "token" });
    requests.push(request);
    const answer = route(request);
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status });
    return json(answer.status, answer.body ?? null);
  });
  return {
    requests,
    of: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export const notFound = (code = "not_found"): StubAnswer => ({
  status: 404,
  body: { error: { code, message: "Not found" } },
});

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** Renders `ui` with a fresh query cache (no retries: a refusal shows at once). */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
