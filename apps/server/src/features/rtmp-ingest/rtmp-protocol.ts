import { createRequire } from "node:module";

// node-media-server's RTMP protocol (handshake, chunk stream, AMF commands) and FLV tag writer, used
// without its server (docs/decisions.md "RTMP ingest"): its server writes a config with an admin
// password into node_modules, opens an HTTP API, holds a stream path 30 s after the publisher left
// and calls process.exit on a port clash. These are the parts of its plain-JS classes this feature
// calls, typed here.

/** One FLV tag as the parser hands it out (codec_type 8 audio, 9 video, 18 script data). */
export interface AVPacket {
  codec_type: number;
  /** 0 audio header, 1 audio, 2 video header, 3 keyframe, 4 frame, 5 metadata. */
  flags: number;
  dts: number;
  size: number;
  data: Buffer;
}

/**
 * One connection's protocol state: bytes in through parserData, bytes out through onOutputCallback.
 * parserData throws on much it cannot parse (a connect whose tcUrl is not a URL, a null command
 * object, a command of the wrong AMF type): its caller ends that connection.
 */
export interface RtmpConnection {
  streamApp: string;
  /** The packet being handled: a publish command's stream id is in its header. */
  parserPacket: { header: { stream_id: number } };
  parserData(buffer: Buffer): string | null;
  onOutputCallback: (buffer: Buffer) => void;
  onPacketCallback: (packet: AVPacket) => void;
  /** Replaced per connection: a publish is answered only once the server checked its key. */
  onPublish(command: { streamName: string }): void;
  sendStatusMessage(streamId: number, level: string, code: string, description: string): void;
}

interface FlvWriter {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: AVPacket): Buffer;
}

interface AmfReader {
  decodeAmf0Data(data: Buffer): { cmd: string; dataObj: Record<string, unknown> | null };
}

const require = createRequire(import.meta.url);
const Rtmp = require("node-media-server/src/protocol/rtmp.js") as new () => RtmpConnection;
export const Flv = require("node-media-server/src/protocol/flv.js") as FlvWriter;
export const Amf = require("node-media-server/src/protocol/amf.js") as AmfReader;
// Its logger prints every unknown command at info level to stdout; only errors belong in ours.
(require("node-media-server/src/core/logger.js") as { level: string }).level = "error";

/** The parser's own parts a bound needs: the message header being read, and its chunk streams. */
interface RtmpParser extends RtmpConnection {
  parserPacket: { header: { stream_id: number; length: number } };
  inPackets: Map<number, unknown>;
  /** Called once a message's header is read, before any of it: sizes its buffer to the announced length. */
  packetAlloc(): void;
}

/** Encoders use a handful of chunk streams (ffmpeg 2-8, OBS 2-7); each holds a message buffer. */
const MAX_CHUNK_STREAMS = 64;

/**
 * A connection's parser that throws, before allocating anything for it, on a message longer than
 * `maxMessageBytes()` allows now or on a chunk stream past the cap: the library allocates the length
 * a header announces at once (issue 23 §1.2: 12 × 16 MB from 173 bytes).
 */
export function rtmpConnection(maxMessageBytes: () => number): RtmpConnection {
  const rtmp = new Rtmp() as RtmpParser;
  const allocate = rtmp.packetAlloc.bind(rtmp);
  rtmp.packetAlloc = () => {
    const { length } = rtmp.parserPacket.header;
    if (length > maxMessageBytes()) throw new Error(`a message of ${length} bytes`);
    if (rtmp.inPackets.size > MAX_CHUNK_STREAMS) throw new Error("too many chunk streams");
    allocate();
  };
  return rtmp;
}
