import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A web server on 127.0.0.1 that answers with the test's handler and writes down every request: a
// stand-in for a service the server calls out to (an oEmbed provider), or a target it must never reach.

export interface LocalServer {
  port: number;
  /** http://127.0.0.1:{port}{path} */
  url(path: string): string;
  /** Every request it received: method, path and Host header. */
  requests: { method: string; path: string; host: string }[];
  close(): Promise<void>;
}

export async function localServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok"),
): Promise<LocalServer> {
  const requests: LocalServer["requests"] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "", host: req.headers.host ?? "" });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWMwTjtDEmIY1ZA2GkrG2MIAACAJC9CTIVA1AAAAAElFTkSuQmCC",
  "base64",
);

export interface RequestRecorder {
  /** http://127.0.0.1:port */
  base: string;
  /** "GET /path" for each request received. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A local server answering every request with a small PNG: a converter that fetched a linked picture or
 * followed a link would show up in `requests`.
 */
export async function recordRequests(): Promise<RequestRecorder> {
  const server = await localServer((_req, res) => {
    res.setHeader("content-type", "image/png");
    res.end(PNG);
  });
  return {
    base: server.url(""),
    get requests() {
      return server.requests.map((r) => `${r.method} ${r.path}`);
    },
    close: server.close,
  };
}
