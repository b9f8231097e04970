import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

// A hand-written RTMP client for the ingest's abuse and fuzz tests: it speaks exactly the bytes a test
// gives it (a real encoder would never send a malformed command, a huge length or half a handshake).

/** An AMF0 value as a test writes it; a Buffer goes in as it is (a wrong type marker, a cut value). */
export type Amf0 = number | string | boolean | null | Buffer | { [key: string]: Amf0 };

function amf0Value(value: Amf0): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value === null) return Buffer.from([0x05]);
  if (typeof value === "boolean") return Buffer.from([0x01, value ? 1 : 0]);
  if (typeof value === "number") {
    const out = Buffer.alloc(9);
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === "string") return Buffer.concat([Buffer.from([0x02]), amf0Text(value)]);
  const entries = Object.entries(value).map(([key, v]) => Buffer.concat([amf0Text(key), amf0Value(v)]));
  return Buffer.concat([Buffer.from([0x03]), ...entries, Buffer.from([0x00, 0x00, 0x09])]);
}

function amf0Text(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export const amf0 = (...values: Amf0[]) => Buffer.concat(values.map(amf0Value));

export interface ChunkOptions {
  /** The chunk stream (2-63 here: a one-byte basic header). */
  cid?: number;
  /** 20: an AMF0 command; 18: AMF0 data; 8, 9: audio, video; 1: set chunk size. */
  type?: number;
  streamId?: number;
  /** The length the header announces (the payload's own by default). */
  length?: number;
}

/** One RTMP message as 128-byte chunks, the first with a full (type 0) header. */
export function rtmpMessage(payload: Buffer, options: ChunkOptions = {}): Buffer {
  const { cid = 3, type = 20, streamId = 0, length = payload.length } = options;
  const header = Buffer.alloc(12);
  header[0] = cid;
  header.writeUIntBE(length, 4, 3);
  header[7] = type;
  header.writeUInt32LE(streamId, 8);
  const parts: Buffer[] = [header];
  for (let at = 0; at < payload.length; at += 128) {
    if (at > 0) parts.push(Buffer.from([0xc0 | cid]));
    parts.push(payload.subarray(at, at + 128));
  }
  return Buffer.concat(parts);
}

/** ffmpeg's and OBS's opening: connect to the `live` application, then one stream. */
export const connectCommand = (cmdObj: Amf0 = { app: "live", tcUrl: "rtmp://127.0.0.1/live" }) =>
  rtmpMessage(amf0("connect", 1, cmdObj));
export const createStreamCommand = () => rtmpMessage(amf0("createStream", 2, null));
export const publishCommand = (key: Amf0) =>
  rtmpMessage(amf0("publish", 3, null, key, "live"), { cid: 8, streamId: 1 });

const HANDSHAKE_REPLY_BYTES = 1 + 1536 * 2;

/** One TCP connection to the RTMP listener, with everything the server sent and when it closed. */
export class RtmpClient {
  private received = Buffer.alloc(0);
  private hasClosed = false;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on("data", (data) => {
      this.received = Buffer.concat([this.received, data]);
    });
    socket.on("error", () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.hasClosed = true;
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RtmpClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(new RtmpClient(socket)));
      socket.once("error", reject);
    });
  }

  get isClosed(): boolean {
    return this.hasClosed;
  }

  write(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** C0, C1; once S0, S1 and S2 are in, C2: the chunk stream starts. */
  async handshake(timeoutMs = 5_000): Promise<void> {
    this.write(Buffer.concat([Buffer.from([3]), randomBytes(1536)]));
    await this.until(() => this.received.length >= HANDSHAKE_REPLY_BYTES, "the handshake's reply", timeoutMs);
    this.write(this.received.subarray(1, 1537));
  }

  /** Whether the server sent a status with this code (NetStream.Publish.Start, …BadName). */
  heard(code: string): boolean {
    return this.received.includes(code);
  }

  /** Resolves once the server closed the connection; false if it was still open after `ms`. */
  closedWithin(ms: number): Promise<boolean> {
    return Promise.race([
      this.closed.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private async until(done: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.hasClosed || Date.now() > deadline) throw new Error(`no ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
