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
// Issue 27: a host-level member (the program feed's compositor, or a host composing from their stage
// place) publishes the composed program on a second publishing connection with the same three slots;
// viewer places receive that alone. The stage's tracks go to the stage and the compositor, the
// program's to the viewers.

const KEYFRAME_REQUEST_GAP_MS = 300;

interface Published {
  track: MediaStreamTrack;
  transceiver: RTCRtpTransceiver;
  lastKeyframeRequest: number;
}

/** What a member publishes: its person on stage, or the composed program (issue 27). */
export type Outlet = "stage" | "program";

interface Publication {
  pc: RTCPeerConnection | null;
  tracks: Map<StageSlot, Published>;
}

interface Member {
  info: WorkerMember;
  subscriber: RTCPeerConnection;
  out: Record<Outlet, Publication>;
  /** The receiving connection's transceivers, by `forwardKey`. */
  forwarded: Map<string, RTCRtpTransceiver>;
  state: StageMediaState;
  /** An offer awaits the browser's answer; `stale` asks for another one after it. */
  negotiating: boolean;
  stale: boolean;
}

type Room = Map<number, Member>;

export interface SfuEvents {
  signal(sessionId: number, userId: number, signal: ServerSignal): void;
  /**
   * A member the SFU dropped itself: its publishing connection failed, or one of its handlers threw
   * (`rejoin`: the member may join again at once).
   */
  gone(sessionId: number, userId: number, rejoin: boolean): void;
  /** An error a handler caught, for the owner's log: a fault is contained, never hidden. */
  fault(report: string): void;
}

const forwardKey = (userId: number, outlet: Outlet, slot: StageSlot) => `${userId}:${outlet}:${slot}`;

/** The room's program: the last member to enter that publishes one (a reloaded host tab takes over). */
function programOf(room: Room): Member | null {
  let program: Member | null = null;
  for (const member of room.values()) if (member.out.program.tracks.size > 0) program = member;
  return program;
}

const publication = (): Publication => ({ pc: null, tracks: new Map() });
const connectionsOf = (member: Member) => [member.out.stage.pc, member.out.program.pc, member.subscriber];

export class Sfu {
  private readonly rooms = new Map<number, Room>();

  // A bulkhead (STYLE "Media code"): every handler of a member catches its own errors and drops only
  // that member; what still escapes ends the thread, and its owner (room.ts) starts a new one.
  constructor(private readonly events: SfuEvents) {}

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
      subscriber: openPeer(),
      out: { stage: publication(), program: publication() },
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
        return this.publish(room, member, signal.sdp, signal.program ? "program" : "stage");
      case "subscribe-answer":
        if (!member.negotiating) throw new Error("bad_answer");
        await member.subscriber
          .setRemoteDescription({ type: "answer", sdp: signal.sdp })
          .catch(() => Promise.reject(new Error("bad_answer")));
        member.negotiating = false;
        for (const key of member.forwarded.keys()) this.requestKeyframeFor(room, key);
        if (member.stale) this.update(room, member);
        return null;
      case "candidate": {
        const pc =
          signal.connection === "subscribe"
            ? member.subscriber
            : member.out[signal.connection === "program" ? "program" : "stage"].pc;
        // A candidate werift cannot parse or place (no such m-line) is the browser's mistake, not a fault.
        await pc?.addIceCandidate(signal.candidate).catch(() => Promise.reject(new Error("bad_candidate")));
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
    this.hangUp(...connectionsOf(member));
    if (room.size === 0) this.rooms.delete(sessionId);
    else this.refresh(room);
  }

  /**
   * Everyone out at once. Removing them one by one renegotiated with each member still in the room while
   * the next removal closed that member's connection under the offer being made: werift's removeTrack
   * then threw 'peer closed' from a promise nobody awaited, which ended the whole thread (issue 23 §1.1).
   */
  close(sessionId: number): void {
    const room = this.rooms.get(sessionId);
    this.rooms.delete(sessionId);
    for (const member of room?.values() ?? []) this.hangUp(...connectionsOf(member));
    room?.clear();
  }

  stats(): Omit<SfuStats, "cpuSeconds"> {
    let participants = 0;
    let forwardedStreams = 0;
    let viewers = 0;
    for (const room of this.rooms.values()) {
      participants += room.size;
      for (const member of room.values()) {
        forwardedStreams += member.forwarded.size;
        if (member.info.role === "viewer") viewers += 1;
      }
    }
    const rssBytes = process.memoryUsage().rss;
    return { rooms: this.rooms.size, participants, forwardedStreams, viewers, rssBytes };
  }

  /**
   * A publishing connection: the member's person on stage, or the program (a host-level member's; a
   * failed program connection takes the program off, not the member off the stage).
   */
  private async publish(room: Room, member: Member, sdp: string, outlet: Outlet): Promise<string> {
    const may = outlet === "program" ? member.info.canPublishProgram : member.info.canPublish;
    if (!may || member.info.role === "viewer") throw new Error("forbidden");
    const out = member.out[outlet];
    if (out.pc) throw new Error("already_publishing");
    const pc = openPeer();
    out.pc = pc;
    let wellFormed = true;
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      const slot = STAGE_SLOTS[pc.getTransceivers().indexOf(transceiver)];
      if (!slot || transceiver.kind !== (slot === "audio" ? "audio" : "video")) {
        wellFormed = false;
        return;
      }
      transceiver.onTrack.subscribe(
        this.guarded(room, member, (track) => {
          if (!this.holds(room, member) || out.pc !== pc) return;
          out.tracks.set(slot, { track, transceiver, lastKeyframeRequest: 0 });
          this.refresh(room);
        }),
      );
    });
    pc.connectionStateChange.subscribe(
      this.guarded(room, member, (state) => {
        if (state !== "failed" || !this.holds(room, member) || out.pc !== pc) return;
        if (outlet === "program") {
          this.unpublish(out);
          this.refresh(room);
          return;
        }
        this.remove(member.info.sessionId, member.info.userId);
        this.events.gone(member.info.sessionId, member.info.userId, false);
      }),
    );
    try {
      await pc.setRemoteDescription({ type: "offer", sdp });
      if (!wellFormed || pc.getTransceivers().length !== STAGE_SLOTS.length) throw new Error("bad_offer");
      await pc.setLocalDescription(await pc.createAnswer());
    } catch {
      // Whatever werift could not use (a malformed SDP, other m-lines) is one refusal for the browser.
      this.unpublish(out);
      throw new Error("bad_offer");
    }
    return pc.localDescription?.sdp ?? "";
  }

  private unpublish(out: Publication): void {
    this.hangUp(out.pc);
    out.pc = null;
    out.tracks.clear();
  }

  /** Every member receives what the others publish now, and learns who is on stage. */
  private refresh(room: Room): void {
    for (const member of room.values()) this.update(room, member);
    this.announce(room);
  }

  private update(room: Room, member: Member): void {
    this.negotiate(room, member).catch((err: unknown) => this.fault(room, member, err));
  }

  /** Whether `member` is still in `room` and the room still open: once out, its connections are closed. */
  private holds(room: Room, member: Member): boolean {
    return this.rooms.get(member.info.sessionId) === room && room.get(member.info.userId) === member;
  }

  /** A werift event handler of `member`: what it throws drops that member, not the thread. */
  private guarded<A extends unknown[]>(room: Room, member: Member, handler: (...args: A) => void) {
    return (...args: A): void => {
      try {
        handler(...args);
      } catch (err) {
        this.fault(room, member, err);
      }
    };
  }

  private fault(room: Room, member: Member, err: unknown): void {
    if (!this.holds(room, member)) return;
    const { sessionId, userId } = member.info;
    this.remove(sessionId, userId);
    this.events.fault(`stage member ${userId} of session ${sessionId}: ${reportOf(err)}`);
    this.events.gone(sessionId, userId, true);
  }

  /** Closes a member's connections; a close that fails is reported, the member is out either way. */
  private hangUp(...peers: (RTCPeerConnection | null)[]): void {
    for (const pc of peers)
      pc?.close().catch((err: unknown) => this.events.fault(`closing a connection: ${reportOf(err)}`));
  }

  private async negotiate(room: Room, member: Member): Promise<void> {
    if (member.negotiating) {
      member.stale = true;
      return;
    }
    // Busy from the first await on: a second negotiation interleaved with this one made two offers at
    // once, and werift refused the older one (found by the signalling fuzz test, issue 23 §1.4).
    member.negotiating = true;
    member.stale = false;
    let offered = false;
    try {
      offered = await this.offer(room, member);
    } finally {
      if (!offered) member.negotiating = false;
    }
    if (!offered && member.stale && this.holds(room, member)) await this.negotiate(room, member);
  }

  /**
   * Whose tracks `member` receives: a viewer the program (the latest compositor that publishes one),
   * everyone else the people on stage.
   */
  private sourcesFor(room: Room, member: Member): Member[] {
    if (member.info.role !== "viewer")
      return [...room.values()].filter((other) => other !== member && other.info.role === "stage");
    const program = programOf(room);
    return program ? [program] : [];
  }

  /** What `member` receives of a source: a viewer its program, everyone else its person on stage. */
  private static outletFor(member: Member): Outlet {
    return member.info.role === "viewer" ? "program" : "stage";
  }

  /** Sends `member` an offer for what the others publish now; false when nothing changed or it left. */
  private async offer(room: Room, member: Member): Promise<boolean> {
    const wanted = new Map<string, MediaStreamTrack>();
    const outlet = Sfu.outletFor(member);
    for (const other of this.sourcesFor(room, member)) {
      for (const [slot, published] of other.out[outlet].tracks) {
        wanted.set(forwardKey(other.info.userId, outlet, slot), published.track);
      }
    }
    let changed = false;
    for (const [key, transceiver] of member.forwarded) {
      if (wanted.has(key)) continue;
      await transceiver.sender.replaceTrack(null);
      // Removed (its connection closed) while this waited: nothing of it may be touched any more.
      if (!this.holds(room, member)) return false;
      member.subscriber.removeTrack(transceiver.sender);
      member.forwarded.delete(key);
      changed = true;
    }
    const added: [RTCRtpTransceiver, MediaStreamTrack][] = [];
    for (const [key, track] of wanted) {
      if (member.forwarded.has(key)) continue;
      const transceiver = member.subscriber.addTransceiver(track.kind, { direction: "sendonly" });
      transceiver.sender.onPictureLossIndication.subscribe(
        this.guarded(room, member, () => this.requestKeyframeFor(room, key)),
      );
      member.forwarded.set(key, transceiver);
      added.push([transceiver, track]);
      changed = true;
    }
    if (!changed) return false;
    try {
      await member.subscriber.setLocalDescription(await member.subscriber.createOffer());
      for (const [transceiver, track] of added) await transceiver.sender.replaceTrack(track);
    } catch (err) {
      // Only a member still in the room failed; one that left had its connection closed under the offer.
      if (this.holds(room, member)) throw err;
      return false;
    }
    if (!this.holds(room, member)) return false;
    const { sessionId, userId } = member.info;
    this.events.signal(sessionId, userId, {
      type: "subscribe-offer",
      sdp: member.subscriber.localDescription?.sdp ?? "",
    });
    this.events.signal(sessionId, userId, {
      type: "participants",
      participants: this.participantsFor(room, member),
    });
    return true;
  }

  /** The stage's people to each place that shows them (a viewer learns its program with its offers). */
  private announce(room: Room): void {
    for (const member of room.values()) {
      if (member.info.role === "viewer") continue;
      const { sessionId, userId } = member.info;
      this.events.signal(sessionId, userId, {
        type: "participants",
        participants: this.participantsFor(room, member),
      });
    }
  }

  /**
   * The stage as `viewer` receives it: its publishers (not the compositor), with their mids; for a
   * viewer place, the program it receives.
   */
  private participantsFor(room: Room, viewer: Member): StageParticipantInfo[] {
    const shown =
      viewer.info.role === "viewer"
        ? this.sourcesFor(room, viewer)
        : [...room.values()].filter((member) => member.info.role === "stage" && member.info.canPublish);
    return shown.map((member) => {
      const mids: StageParticipantInfo["mids"] = {};
      if (member !== viewer) {
        for (const slot of STAGE_SLOTS) {
          const mid = viewer.forwarded.get(forwardKey(member.info.userId, Sfu.outletFor(viewer), slot))?.mid;
          if (mid) mids[slot] = mid;
        }
      }
      return { userId: member.info.userId, name: member.info.name, ...member.state, mids };
    });
  }

  private requestKeyframeFor(room: Room, key: string): void {
    const [userId, outlet, slot] = key.split(":") as [string, Outlet, StageSlot];
    const published = room.get(Number(userId))?.out[outlet]?.tracks.get(slot);
    if (published?.track.kind !== "video" || published.track.ssrc === undefined) return;
    const now = Date.now();
    if (now - published.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return;
    published.lastKeyframeRequest = now;
    void published.transceiver.receiver.sendRtcpPLI(published.track.ssrc).catch(() => undefined);
  }
}

const reportOf = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));
