import {
  STAGE_SLOTS,
  type StageMediaState,
  type StageParticipantInfo,
  type StageSlot,
} from "@onstage/domain";
import type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver } from "werift";
import { openPeer } from "./peer";
import type { ClientSignal, ServerSignal, SfuStats, WorkerMember } from "./protocol";

// The selective forwarding unit (runs in the worker thread): each member publishes on one connection
// (it offers audio, camera and screen transceivers) and receives every other member's tracks on a
// second one the SFU offers again whenever the room's tracks change. Packets are forwarded untouched but
// for SSRC, payload type and sequence rewriting (werift's RTCRtpSender); keyframe requests (PLI) from
// receivers go back to the publisher, throttled, since werift does not relay RTCP by itself.

const KEYFRAME_REQUEST_GAP_MS = 300;

interface Published {
  track: MediaStreamTrack;
  transceiver: RTCRtpTransceiver;
  lastKeyframeRequest: number;
}

interface Member {
  info: WorkerMember;
  publisher: RTCPeerConnection | null;
  subscriber: RTCPeerConnection;
  published: Map<StageSlot, Published>;
  /** The receiving connection's transceivers, by `forwardKey`. */
  forwarded: Map<string, RTCRtpTransceiver>;
  state: StageMediaState;
  /** An offer awaits the browser's answer; `stale` asks for another one after it. */
  negotiating: boolean;
  stale: boolean;
}

type Room = Map<number, Member>;

export type Emit = (sessionId: number, userId: number, signal: ServerSignal) => void;

const forwardKey = (userId: number, slot: StageSlot) => `${userId}:${slot}`;

export class Sfu {
  private readonly rooms = new Map<number, Room>();

  constructor(
    private readonly emit: Emit,
    /** A member dropped by the SFU itself (its publishing connection failed). */
    private readonly gone: (sessionId: number, userId: number) => void,
  ) {}

  /** Takes a place in the session's room; an earlier place of the same user (another tab) is closed. */
  enter(info: WorkerMember): void {
    this.remove(info.sessionId, info.userId);
    let room = this.rooms.get(info.sessionId);
    if (!room) {
      room = new Map();
      this.rooms.set(info.sessionId, room);
    }
    room.set(info.userId, {
      info,
      publisher: null,
      subscriber: openPeer(),
      published: new Map(),
      forwarded: new Map(),
      state: { audioMuted: false, videoMuted: false, screen: false },
      negotiating: false,
      stale: false,
    });
    this.refresh(room);
  }

  /** One message of a member's browser; a publish offer resolves to the SFU's answer. */
  async signal(sessionId: number, userId: number, signal: ClientSignal): Promise<string | null> {
    const room = this.rooms.get(sessionId);
    const member = room?.get(userId);
    if (!room || !member) throw new Error("not_on_stage");
    switch (signal.type) {
      case "publish-offer":
        return this.publish(room, member, signal.sdp);
      case "subscribe-answer":
        if (!member.negotiating) throw new Error("bad_answer");
        await member.subscriber
          .setRemoteDescription({ type: "answer", sdp: signal.sdp })
          .catch(() => Promise.reject(new Error("bad_answer")));
        member.negotiating = false;
        for (const key of member.forwarded.keys()) this.requestKeyframeFor(room, key);
        if (member.stale) void this.negotiate(room, member);
        return null;
      case "candidate": {
        const pc = signal.connection === "publish" ? member.publisher : member.subscriber;
        await pc?.addIceCandidate(signal.candidate);
        return null;
      }
      case "state":
        member.state = {
          audioMuted: signal.audioMuted,
          videoMuted: signal.videoMuted,
          screen: signal.screen,
        };
        this.announce(room);
        return null;
    }
  }

  /** Out of the room at once: both connections closed, the others stop receiving the member's tracks. */
  remove(sessionId: number, userId: number): void {
    const room = this.rooms.get(sessionId);
    const member = room?.get(userId);
    if (!room || !member) return;
    room.delete(userId);
    void member.publisher?.close();
    void member.subscriber.close();
    if (room.size === 0) this.rooms.delete(sessionId);
    else this.refresh(room);
  }

  close(sessionId: number): void {
    for (const userId of [...(this.rooms.get(sessionId)?.keys() ?? [])]) this.remove(sessionId, userId);
  }

  stats(): Omit<SfuStats, "cpuSeconds"> {
    let participants = 0;
    let forwardedStreams = 0;
    for (const room of this.rooms.values()) {
      participants += room.size;
      for (const member of room.values()) forwardedStreams += member.forwarded.size;
    }
    return { rooms: this.rooms.size, participants, forwardedStreams, rssBytes: process.memoryUsage().rss };
  }

  private async publish(room: Room, member: Member, sdp: string): Promise<string> {
    if (!member.info.canPublish) throw new Error("forbidden");
    if (member.publisher) throw new Error("already_publishing");
    const pc = openPeer();
    member.publisher = pc;
    let wellFormed = true;
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      const slot = STAGE_SLOTS[pc.getTransceivers().indexOf(transceiver)];
      if (!slot || transceiver.kind !== (slot === "audio" ? "audio" : "video")) {
        wellFormed = false;
        return;
      }
      transceiver.onTrack.subscribe((track) => {
        if (room.get(member.info.userId) !== member) return;
        member.published.set(slot, { track, transceiver, lastKeyframeRequest: 0 });
        this.refresh(room);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      if (state !== "failed" || room.get(member.info.userId) !== member) return;
      this.remove(member.info.sessionId, member.info.userId);
      this.gone(member.info.sessionId, member.info.userId);
    });
    try {
      await pc.setRemoteDescription({ type: "offer", sdp });
      if (!wellFormed || pc.getTransceivers().length !== STAGE_SLOTS.length) throw new Error("bad_offer");
      await pc.setLocalDescription(await pc.createAnswer());
    } catch {
      // Whatever werift could not use (a malformed SDP, other m-lines) is one refusal for the browser.
      member.publisher = null;
      member.published.clear();
      void pc.close();
      throw new Error("bad_offer");
    }
    return pc.localDescription?.sdp ?? "";
  }

  /** Every member receives what the others publish now, and learns who is on stage. */
  private refresh(room: Room): void {
    for (const member of room.values()) void this.negotiate(room, member);
    this.announce(room);
  }

  private async negotiate(room: Room, member: Member): Promise<void> {
    if (member.negotiating) {
      member.stale = true;
      return;
    }
    member.stale = false;
    const wanted = new Map<string, MediaStreamTrack>();
    for (const other of room.values()) {
      if (other === member) continue;
      for (const [slot, published] of other.published) {
        wanted.set(forwardKey(other.info.userId, slot), published.track);
      }
    }
    let changed = false;
    for (const [key, transceiver] of member.forwarded) {
      if (wanted.has(key)) continue;
      await transceiver.sender.replaceTrack(null);
      member.subscriber.removeTrack(transceiver.sender);
      member.forwarded.delete(key);
      changed = true;
    }
    const added: [RTCRtpTransceiver, MediaStreamTrack][] = [];
    for (const [key, track] of wanted) {
      if (member.forwarded.has(key)) continue;
      const transceiver = member.subscriber.addTransceiver(track.kind, { direction: "sendonly" });
      transceiver.sender.onPictureLossIndication.subscribe(() => this.requestKeyframeFor(room, key));
      member.forwarded.set(key, transceiver);
      added.push([transceiver, track]);
      changed = true;
    }
    if (!changed || room.get(member.info.userId) !== member) return;
    member.negotiating = true;
    try {
      await member.subscriber.setLocalDescription(await member.subscriber.createOffer());
      for (const [transceiver, track] of added) await transceiver.sender.replaceTrack(track);
    } catch {
      // The member left (its connection closed) while the offer was made.
      member.negotiating = false;
      return;
    }
    const { sessionId, userId } = member.info;
    this.emit(sessionId, userId, {
      type: "subscribe-offer",
      sdp: member.subscriber.localDescription?.sdp ?? "",
    });
    this.emit(sessionId, userId, { type: "participants", participants: this.participantsFor(room, member) });
  }

  private announce(room: Room): void {
    for (const member of room.values()) {
      const { sessionId, userId } = member.info;
      this.emit(sessionId, userId, {
        type: "participants",
        participants: this.participantsFor(room, member),
      });
    }
  }

  /** The stage as `viewer` receives it: publishers only (the compositor watches), with their mids. */
  private participantsFor(room: Room, viewer: Member): StageParticipantInfo[] {
    return [...room.values()]
      .filter((member) => member.info.canPublish)
      .map((member) => {
        const mids: StageParticipantInfo["mids"] = {};
        if (member !== viewer) {
          for (const slot of STAGE_SLOTS) {
            const mid = viewer.forwarded.get(forwardKey(member.info.userId, slot))?.mid;
            if (mid) mids[slot] = mid;
          }
        }
        return { userId: member.info.userId, name: member.info.name, ...member.state, mids };
      });
  }

  private requestKeyframeFor(room: Room, key: string): void {
    const [userId, slot] = key.split(":") as [string, StageSlot];
    const published = room.get(Number(userId))?.published.get(slot);
    if (published?.track.kind !== "video" || published.track.ssrc === undefined) return;
    const now = Date.now();
    if (now - published.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return;
    published.lastKeyframeRequest = now;
    void published.transceiver.receiver.sendRtcpPLI(published.track.ssrc).catch(() => undefined);
  }
}
