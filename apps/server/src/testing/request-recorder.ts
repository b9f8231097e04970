import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A web server on 127.0.0.1 that answers every request with a small PNG and writes it down: a converter
// that fetched a linked picture or followed a link would show up in `requests`.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWMwTjtDEmIY1ZA2GkrG2MIAACAJC9CTIVA1AAAAAElFTkSuQmCC",
  "base64",
);

export interface RequestRecorder {
  /** http://127.0.0.1:port */
  base: string;
  requests: string[];
  close(): Promise<void>;
}

export async function recordRequests(): Promise<RequestRecorder> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "image/png");
    res.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
