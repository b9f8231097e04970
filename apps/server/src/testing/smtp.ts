import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach } from "vitest";

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((done) => s.close(() => done()))));
});

/** A real SMTP server on a local port (a free one by default); resolves with it and the raw messages it accepted. */
export async function startSmtpServer(options: Partial<SMTPServerOptions> = {}, atPort = 0) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        done();
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(atPort, "127.0.0.1", listening));
  const { port } = server.server.address() as AddressInfo;
  return { port, received };
}

// Quoted-printable soft line breaks split long lines (and the link) across lines.
export const unfold = (raw: string) => raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");

/** The decoded content of a base64 attachment named `filename` in a raw MIME message, or null. */
export function attachmentOf(raw: string, filename: string): string | null {
  const header = raw.indexOf(`filename=${filename}`);
  if (header === -1) return null;
  const bodyStart = raw.indexOf("\r\n\r\n", header) + 4;
  const body = raw.slice(bodyStart, raw.indexOf("\r\n--", bodyStart));
  return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
}
