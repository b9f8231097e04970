import { STAGE_SLOTS } from "@onstage/domain";
import { MediaStreamTrack, RtpHeader, RtpPacket } from "werift";
import { openPeer } from "../platform/media-room/embedded/peer";

// A stage member made of werift peer connections (tests and bench:sfu): publishes a synthetic VP8 track
// (random bytes behind a VP8 payload descriptor: the SFU never decodes) and counts the RTP it receives.

const FRAME_MS = 33;
const PACKET_BYTES = 1_000;

interface Received {
  packets: number;
  firstSeq: number;
  /** Highest sequence number seen, unwrapped past 65535. */
  highest: number;
}

export class StagePeer {
  readonly publisher = openPeer();
  readonly subscriber = openPeer();
  private readonly video = new MediaStreamTrack({ kind: "video" });
  private readonly received = new Map<string, Received>();
  private timer: NodeJS.Timeout | null = null;

  constructor() {
    // Subscribed before the offer is applied: werift fires onTrack while applying it.
    this.subscriber.onRemoteTransceiverAdded.subscribe((transceiver) => {
      transceiver.onTrack.subscribe((track) => {
        track.onReceiveRtp.subscribe((rtp) => this.count(transceiver.mid ?? "?", rtp.header.sequenceNumber));
      });
    });
  }

  /** The publishing connection's offer: audio, camera and screen transceivers in the SFU's order. */
  async publishOffer(): Promise<string> {
    for (const slot of STAGE_SLOTS) {
      if (slot === "video") this.publisher.addTransceiver(this.video, { direction: "sendonly" });
      else this.publisher.addTransceiver(slot === "audio" ? "audio" : "video", { direction: "sendonly" });
    }
    await this.publisher.setLocalDescription(await this.publisher.createOffer());
    return this.publisher.localDescription?.sdp ?? "";
  }

  async acceptAnswer(sdp: string): Promise<void> {
    await this.publisher.setRemoteDescription({ type: "answer", sdp });
  }

  /** Answers the SFU's offer for the receiving connection; each track's packets are counted by mid. */
  async answer(sdp: string): Promise<string> {
    await this.subscriber.setRemoteDescription({ type: "offer", sdp });
    await this.subscriber.setLocalDescription(await this.subscriber.createAnswer());
    return this.subscriber.localDescription?.sdp ?? "";
  }

  /** Sends camera frames at about `kbitPerSecond` until closed. */
  startVideo(kbitPerSecond: number): void {
    const packetsPerFrame = Math.max(
      1,
      Math.round((kbitPerSecond * 1_000 * FRAME_MS) / 1_000 / 8 / PACKET_BYTES),
    );
    let sequenceNumber = 0;
    let timestamp = 0;
    this.timer = setInterval(() => {
      timestamp = (timestamp + 90 * FRAME_MS) >>> 0;
      for (let i = 0; i < packetsPerFrame; i++) {
        const payload = Buffer.alloc(PACKET_BYTES, i);
        payload[0] = i === 0 ? 0x10 : 0x00;
        const header = new RtpHeader({
          payloadType: 96,
          sequenceNumber,
          timestamp,
          marker: i === packetsPerFrame - 1,
        });
        sequenceNumber = (sequenceNumber + 1) & 0xffff;
        this.video.writeRtp(new RtpPacket(header, payload));
      }
    }, FRAME_MS);
  }

  /** RTP packets received on the track with this mid (0 when none). */
  packetsOn(mid: string): number {
    return this.received.get(mid)?.packets ?? 0;
  }

  /** Tracks that brought at least a few packets. */
  flowingTracks(): number {
    return [...this.received.values()].filter((r) => r.packets >= 5).length;
  }

  totals(): { received: number; lost: number } {
    let received = 0;
    let expected = 0;
    for (const r of this.received.values()) {
      received += r.packets;
      expected += r.highest - r.firstSeq + 1;
    }
    return { received, lost: Math.max(0, expected - received) };
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.publisher.close(), this.subscriber.close()]);
  }

  private count(mid: string, seq: number): void {
    const r = this.received.get(mid);
    if (!r) {
      this.received.set(mid, { packets: 1, firstSeq: seq, highest: seq });
      return;
    }
    r.packets++;
    // Unwrap: the nearest value to the highest seen with these low 16 bits.
    const base = r.highest - (r.highest & 0xffff);
    let unwrapped = base + seq;
    if (unwrapped < r.highest - 0x8000) unwrapped += 0x10000;
    else if (unwrapped > r.highest + 0x8000) unwrapped -= 0x10000;
    if (unwrapped > r.highest) r.highest = unwrapped;
  }
}
