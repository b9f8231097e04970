import http from "node:http";

// The HLS benchmark's viewers' requests: a GET to the last byte over a viewer's own keep-alive
// connection, and what was measured of them.

export interface Tally {
  playlist: number[];
  segment: number[];
  errors: number;
  bytes: number;
}

export const newTally = (): Tally => ({ playlist: [], segment: [], errors: 0, bytes: 0 });

/** A GET to the last byte; the body is kept only when asked (playlists), else just counted. */
export function get(
  agent: http.Agent,
  url: string,
  keep: boolean,
): Promise<{ status: number; body: Buffer; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), bytes }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
