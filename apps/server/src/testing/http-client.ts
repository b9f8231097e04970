import { CsrfResponse, type ErrorResponse } from "@onstage/domain";

/**
 * A browser-like client over real HTTP, for a server in another process (ServerProcess), as the web's
 * api.ts speaks: keeps cookies, sends the CSRF token on every state-changing request, and fetches it
 * again once when the server refuses it (it rotates with the session). TestClient is the same over inject.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(private readonly baseUrl: string) {}

  /** The cookies a browser would send, for a WebSocket of the same person. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get = (path: string) => this.send("GET", path);
  post = (path: string, body: unknown) => this.sendWithCsrf(path, body);

  private async sendWithCsrf(path: string, body: unknown): Promise<Response> {
    this.csrfToken ??= await this.fetchCsrfToken();
    const res = await this.send("POST", path, body);
    if (res.status !== 403 || (await errorCode(res)) !== "csrf_invalid") return res;
    this.csrfToken = await this.fetchCsrfToken();
    return this.send("POST", path, body);
  }

  private async fetchCsrfToken(): Promise<string> {
    const res = await this.send("GET", "/api/auth/csrf");
    return CsrfResponse.parse(await res.json()).csrfToken;
  }

  private async send(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (method === "POST") {
      headers["content-type"] = "application/json";
      headers["x-csrf-token"] = this.csrfToken ?? "";
    }
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) this.keep(cookie);
    return res;
  }

  private keep(setCookie: string): void {
    const [pair = "", ...attributes] = setCookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1) === "";
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, pair.slice(at + 1));
  }
}

const errorCode = async (res: Response) => ((await res.clone().json()) as Partial<ErrorResponse>).error?.code;
