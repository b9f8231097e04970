import { connect, type Socket } from "node:net";

// A WebSocket client that writes whatever bytes it is given after the handshake (RFC 6455 frames built
// by `wsFrame`, broken ones included), for fuzz tests of the server's sockets: the `ws` client refuses
// to send a malformed frame, a frame after its close, or a length it does not hold.

export interface RawWebSocket {
  write(bytes: Buffer): void;
  /** The code of the server's close frame (1005 without one), or null when the TCP connection ended first. */
  readonly closed: Promise<number | null>;
  destroy(): void;
}

export interface FrameOptions {
  fin?: boolean;
  /** The three reserved bits (extensions only). */
  rsv?: number;
  /** Clients must mask (RFC 6455 §5.1). */
  masked?: boolean;
  /** The length the header announces, when it is not the payload's. */
  announcedLength?: bigint;
}

/** One client frame: opcode 0 continuation, 1 text, 2 binary, 8 close, 9 ping, 10 pong. */
export function wsFrame(opcode: number, payload: Buffer, options: FrameOptions = {}): Buffer {
  const { fin = true, rsv = 0, masked = true } = options;
  const length = options.announcedLength ?? BigInt(payload.length);
  const first = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  const mask = masked ? 0x80 : 0;
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, mask | Number(length)]);
  else if (length < 65_536n) {
    header = Buffer.from([first, mask | 126, 0, 0]);
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(mask | 127, 1);
    header.writeBigUInt64BE(length, 2);
  }
  // A zero masking key leaves the payload as it is.
  return Buffer.concat([header, ...(masked ? [Buffer.alloc(4)] : []), payload]);
}

export const closeFrame = (code: number) => {
  const payload = Buffer.alloc(2);
  payload.writeUInt16BE(code);
  return wsFrame(8, payload);
};

/** The server's close code in what it sent after the handshake, once its close frame is whole. */
function closeCodeIn(bytes: Buffer): number | null {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] ?? 0) & 0x0f;
    let length = (bytes[at + 1] ?? 0) & 0x7f;
    let payloadAt = at + 2;
    if (length === 126) {
      if (payloadAt + 2 > bytes.length) return null;
      length = bytes.readUInt16BE(payloadAt);
      payloadAt += 2;
    } else if (length === 127) {
      if (payloadAt + 8 > bytes.length) return null;
      length = Number(bytes.readBigUInt64BE(payloadAt));
      payloadAt += 8;
    }
    if (payloadAt + length > bytes.length) return null;
    if (opcode === 8) return length >= 2 ? bytes.readUInt16BE(payloadAt) : 1005;
    at = payloadAt + length;
  }
  return null;
}

/** A WebSocket upgrade request for `url`, whole, with `headers` added. */
export function upgradeRequest(url: URL, headers: Record<string, string>): string {
  return [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version: 13",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
}

/** Opens a WebSocket by hand; rejects with the status line when the server does not switch protocols. */
export function openRawWebSocket(url: string, headers: Record<string, string>): Promise<RawWebSocket> {
  const target = new URL(url);
  const socket: Socket = connect(Number(target.port), target.hostname);
  socket.on("error", () => undefined);
  socket.write(upgradeRequest(target, headers));
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let frames: Buffer | null = null;
    let settleClosed: (code: number | null) => void = () => undefined;
    const closed = new Promise<number | null>((done) => (settleClosed = done));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (frames === null) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        const status = received.subarray(0, received.indexOf("\r\n")).toString();
        if (!status.includes(" 101 ")) return reject(new Error(status));
        frames = received.subarray(end + 4);
        resolve({ write: (bytes) => socket.write(bytes), closed, destroy: () => socket.destroy() });
      } else frames = Buffer.concat([frames, chunk]);
      const code = closeCodeIn(frames);
      if (code !== null) settleClosed(code);
    });
    socket.once("close", () => {
      reject(new Error("closed during the handshake"));
      settleClosed(null);
    });
  });
}

/** mulberry32: a small seeded generator, so that a failing fuzz case can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const OPCODES = [0, 1, 2, 8, 9, 10, 3, 11];
const JSON_ISH = ['{"mimeType":', '"video/webm"', "}", "[", "null", "\u0000", "é", '{"kind":"open"}'];

/**
 * `count` sequences of one to five frames: random opcodes, flags and payloads (bytes, or JSON-ish
 * text), some cut short, some announcing lengths they do not hold. Each sequence is one connection's.
 */
export function randomFrameSequences(seed: number, count: number): Buffer[][] {
  const random = seeded(seed);
  const below = (n: number) => Math.floor(random() * n);
  const payload = () => {
    if (random() < 0.5) return Buffer.from(Array.from({ length: below(2_000) }, () => below(256)));
    return Buffer.from(Array.from({ length: 1 + below(8) }, () => JSON_ISH[below(JSON_ISH.length)]).join(""));
  };
  const frame = () => {
    const bytes = wsFrame(OPCODES[below(OPCODES.length)] ?? 2, payload(), {
      fin: random() < 0.8,
      rsv: random() < 0.1 ? below(8) : 0,
      masked: random() < 0.9,
      announcedLength: random() < 0.1 ? BigInt(below(2 ** 31)) * BigInt(1 + below(2 ** 20)) : undefined,
    });
    return random() < 0.2 ? bytes.subarray(0, below(bytes.length)) : bytes;
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + below(5) }, frame));
}
