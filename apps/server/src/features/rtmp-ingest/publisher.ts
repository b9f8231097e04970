import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import type { Writable } from "node:stream";
import { Amf, type AVPacket, Flv, type RtmpConnection, rtmpConnection } from "./rtmp-protocol";

// One encoder's RTMP connection in the ingest process. Its publish command waits for the server's
// verdict on the stream key: refused, it gets NetStream.Publish.BadName and the connection closes before
// any media is read; accepted, its media become FLV for whichever ffmpeg run the session's pipeline
// points it at. A run that starts mid-stream gets the stream's headers again and begins at a keyframe.

/** The application path OBS and ffmpeg push to: rtmp://host:port/live/{streamKey}. */
const APP = "live";
/** Before the key is checked nothing but the handshake and commands is read; more is not an encoder. */
const MAX_BYTES_BEFORE_PUBLISH = 64 * 1024;
/** An encoder's commands are a few hundred bytes; an unchecked connection gets no larger buffer. */
const MAX_COMMAND_BYTES = 8 * 1024;
/** An accepted encoder's largest message (a keyframe): a 4K one is a few MB. */
const MAX_MEDIA_MESSAGE_BYTES = 8 * 1024 * 1024;

interface PublisherEvents {
  /** The encoder asked to publish to this stream key. */
  publish: [string];
  /** The encoder's picture size, from its metadata. */
  size: [{ height: number; aspect: number }];
  closed: [];
}

export class Publisher extends EventEmitter<PublisherEvents> {
  private readonly rtmp: RtmpConnection = rtmpConnection(() =>
    this.accepted ? MAX_MEDIA_MESSAGE_BYTES : MAX_COMMAND_BYTES,
  );
  private accepted = false;
  private bytesBeforePublish = 0;
  private streamId = 0;
  /** The stream's metadata and codec headers, replayed to every new run. */
  private readonly headers = new Map<number, Buffer>();
  private sink: Writable | null = null;
  private waitingForKeyframe = true;
  closed = false;
  /** When the current sink got its first keyframe (the run's first frame, as it arrived), or null before. */
  fedFrom: number | null = null;

  constructor(private readonly socket: Socket) {
    super();
    this.rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    this.rtmp.onPacketCallback = (packet) => this.onPacket(packet);
    this.rtmp.onPublish = (command) => this.onPublish(command.streamName);
    socket.on("data", (data) => this.onData(data));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      this.closed = true;
      this.sink = null;
      this.emit("closed");
    });
  }

  private onData(data: Buffer): void {
    if (!this.accepted) {
      this.bytesBeforePublish += data.length;
      if (this.bytesBeforePublish > MAX_BYTES_BEFORE_PUBLISH) {
        this.close();
        return;
      }
    }
    try {
      if (this.rtmp.parserData(data) !== null) this.close();
    } catch {
      // Issue 23 §1.2: what the library cannot parse or refuses (and any throw of a handler it called)
      // ends this connection only, never the process every encoder is on.
      this.close();
    }
  }

  private onPublish(streamName: string): void {
    // Asked once: a second publish on the connection, or one before the verdict, is not an encoder's.
    if (this.streamId !== 0 || this.rtmp.streamApp !== APP) {
      this.close();
      return;
    }
    this.streamId = this.rtmp.parserPacket.header.stream_id;
    this.emit("publish", streamName.split("?")[0] ?? "");
  }

  accept(): void {
    this.accepted = true;
    this.rtmp.sendStatusMessage(this.streamId, "status", "NetStream.Publish.Start", "Publishing.");
  }

  /** A wrong, rotated or stopped key: the encoder hears why, then the connection closes. */
  refuse(): void {
    this.rtmp.sendStatusMessage(this.streamId, "error", "NetStream.Publish.BadName", "Stream key refused.");
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  close(): void {
    this.socket.destroy();
  }

  /** The encoder's media go to `sink` (an ffmpeg's stdin) from its next keyframe on; null: nowhere. */
  feed(sink: Writable | null): void {
    this.sink = sink;
    this.waitingForKeyframe = true;
    this.fedFrom = null;
    if (!sink) return;
    sink.write(Flv.createHeader(true, true));
    for (const header of this.headers.values()) sink.write(header);
  }

  private onPacket(packet: AVPacket): void {
    if (!this.accepted) return;
    const tag = Flv.createMessage(packet);
    if (packet.flags === 0 || packet.flags === 2 || packet.flags === 5) {
      this.headers.set(packet.flags, tag);
      if (packet.flags === 5) this.readSize(packet.data);
      this.sink?.write(tag);
      return;
    }
    if (this.waitingForKeyframe) {
      if (packet.flags !== 3 || !this.sink) return;
      this.waitingForKeyframe = false;
      this.fedFrom = Date.now();
    }
    this.sink?.write(tag);
  }

  private readSize(data: Buffer): void {
    try {
      const { dataObj } = Amf.decodeAmf0Data(data);
      const width = Number(dataObj?.width);
      const height = Number(dataObj?.height);
      if (height > 0 && width > 0) this.emit("size", { height, aspect: width / height });
    } catch {
      // Metadata the AMF reader cannot read: the ladder takes the default size.
    }
  }
}
