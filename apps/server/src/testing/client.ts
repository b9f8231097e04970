import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/**
 * A browser-like client over `inject`: keeps cookies, fetches the CSRF token once and sends it on every
 * state-changing request, and can speak from a given client address.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    private readonly server: FastifyInstance,
    private readonly address = "203.0.113.10",
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(
    method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      payload?: string | Buffer;
      csrf?: boolean;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { "x-forwarded-for": this.address, ...options.headers };
    if (method !== "GET" && method !== "HEAD" && options.csrf !== false) {
      this.csrfToken ??= (await this.request("GET", "/api/auth/csrf")).json().csrfToken;
      headers["x-csrf-token"] ??= this.csrfToken ?? "";
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const res = await this.server.inject({
      method,
      url,
      headers,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string) => this.request("GET", url);
  post = (url: string, body: unknown = {}) => this.request("POST", url, { body });
  patch = (url: string, body: unknown) => this.request("PATCH", url, { body });
}
