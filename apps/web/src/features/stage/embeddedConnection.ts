import {
  type StageAck,
  StageEvents,
  type StageMediaState,
  StageParticipantInfo,
  type StageSlot,
} from "@onstage/domain";
import { z } from "zod";
import { receiverFreezes } from "../playback-quality/usePlaybackQuality";
import type { RealtimeClient } from "../realtime/RealtimeClient";
import type { StageParticipant } from "./types";

// The browser's side of the embedded SFU: a publishing connection it offers (microphone, camera, screen
// transceivers in the SFU's order) and a receiving connection the SFU offers on every change. ICE
// candidates travel inside the SDP (gathering is awaited): on a single SFU host that takes a few ms.

const GATHERING_TIMEOUT_MS = 2_000;
const OfferPush = z.object({ video_session_id: z.number(), sdp: z.string() });
const ParticipantsPush = z.object({
  video_session_id: z.number(),
  participants: z.array(StageParticipantInfo),
});
const SessionPush = z.object({ video_session_id: z.number() });

export interface LocalMedia {
  camera: MediaStream | null;
  screen: MediaStream | null;
}

export interface StageSnapshot {
  participants: StageParticipant[];
  /** The SFU took this member out (left in another tab, lost the right, the stage closed). */
  closed: boolean;
}

async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== "complete") {
    await new Promise<void>((resolve) => {
      const done = () => {
        if (pc.iceGatheringState !== "complete") return;
        pc.removeEventListener("icegatheringstatechange", done);
        resolve();
      };
      pc.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, GATHERING_TIMEOUT_MS);
    });
  }
  return pc.localDescription?.sdp ?? "";
}

export class EmbeddedStageConnection {
  private readonly subscriber = new RTCPeerConnection();
  private publisher: RTCPeerConnection | null = null;
  /** Issue 27: the composed program's publishing connection (a host's compositor), once offered. */
  private program: { pc: RTCPeerConnection; senders: RTCRtpSender[] } | null = null;
  private canPublishProgram = false;
  private readonly senders = new Map<StageSlot, RTCRtpSender>();
  private infos: StageParticipantInfo[] = [];
  /** One MediaStream per remote member and kind, kept so video elements are not reset on updates. */
  private readonly streams = new Map<string, MediaStream>();
  private readonly releases: Array<() => void> = [];
  private local: LocalMedia = { camera: null, screen: null };
  private state: StageMediaState = { audioMuted: false, videoMuted: false, screen: false };
  private closed = false;
  /** The SFU lost this member: its place is gone, and a leave sent now could take the next join's. */
  private lost = false;

  constructor(
    private readonly client: RealtimeClient,
    private readonly sessionId: number,
    private readonly userId: number,
    private readonly onChange: (snapshot: StageSnapshot) => void,
    /** The SFU lost this member (it restarted): the caller joins again on a fresh connection. */
    onLost: () => void,
  ) {
    const mine = (payload: { video_session_id: number }) => payload.video_session_id === sessionId;
    this.releases.push(
      client.listen(StageEvents.offer, (raw) => {
        const push = OfferPush.safeParse(raw);
        if (push.success && mine(push.data)) void this.answer(push.data.sdp);
      }),
      client.listen(StageEvents.participants, (raw) => {
        const push = ParticipantsPush.safeParse(raw);
        if (!push.success || !mine(push.data)) return;
        this.infos = push.data.participants;
        this.changed();
      }),
      client.listen(StageEvents.closed, (raw) => {
        const push = SessionPush.safeParse(raw);
        if (!push.success || !mine(push.data)) return;
        this.closed = true;
        this.changed();
      }),
      client.listen(StageEvents.restarted, (raw) => {
        const push = SessionPush.safeParse(raw);
        if (!push.success || !mine(push.data)) return;
        this.lost = true;
        onLost();
      }),
    );
    this.subscriber.addEventListener("track", () => this.changed());
    // Should the server's word not come (its socket dropped too), the media connection failing says it.
    this.subscriber.addEventListener("connectionstatechange", () => {
      if (this.subscriber.connectionState === "failed") onLost();
    });
  }

  /**
   * Joins the room and, with the right to, publishes `camera` (its audio and video tracks); without a
   * camera it only watches (the program feed's compositor) and is no tile on stage. `view`: a viewer
   * place (issue 27), receiving the composed program only.
   */
  receivedFreezes() {
    return receiverFreezes(this.subscriber);
  }

  async join(camera: MediaStream | null, options: { view?: boolean } = {}): Promise<void> {
    const joined = await this.send(
      StageEvents.join,
      options.view ? { view: true } : { watch: camera === null },
    );
    this.canPublishProgram = joined.canPublishProgram === true;
    this.local.camera = camera;
    if (!joined.canPublish || !camera) return this.changed();
    const pc = new RTCPeerConnection();
    this.publisher = pc;
    const tracks = {
      audio: camera.getAudioTracks()[0],
      video: camera.getVideoTracks()[0],
      screen: undefined,
    };
    for (const slot of ["audio", "video", "screen"] as const) {
      const kind = slot === "audio" ? "audio" : "video";
      const transceiver = pc.addTransceiver(tracks[slot] ?? kind, { direction: "sendonly" });
      this.senders.set(slot, transceiver.sender);
    }
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await this.send(StageEvents.offer, { sdp: await gathered(pc) });
    await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp ?? "" });
    this.changed();
  }

  /**
   * Issue 27: publishes the composed program (its canvas and mixed sound) to the room's viewer places;
   * a later stream replaces the tracks on the same connection. Nothing without the right to.
   */
  async publishProgram(stream: MediaStream): Promise<void> {
    if (!this.canPublishProgram || this.closed || this.lost) return;
    const tracks = [stream.getAudioTracks()[0] ?? null, stream.getVideoTracks()[0] ?? null, null];
    if (this.program) {
      await Promise.all(this.program.senders.map((sender, i) => sender.replaceTrack(tracks[i] ?? null)));
      return;
    }
    const pc = new RTCPeerConnection();
    const senders = (["audio", "video", "video"] as const).map(
      (kind, i) => pc.addTransceiver(tracks[i] ?? kind, { direction: "sendonly" }).sender,
    );
    this.program = { pc, senders };
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await this.send(StageEvents.offer, { sdp: await gathered(pc), program: true });
    await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp ?? "" });
  }

  setAudioMuted(muted: boolean): void {
    for (const track of this.local.camera?.getAudioTracks() ?? []) track.enabled = !muted;
    this.report({ audioMuted: muted });
  }

  setVideoMuted(muted: boolean): void {
    for (const track of this.local.camera?.getVideoTracks() ?? []) track.enabled = !muted;
    this.report({ videoMuted: muted });
  }

  /** Shares a screen on the third transceiver, or stops sharing with null. */
  async shareScreen(screen: MediaStream | null): Promise<void> {
    for (const track of this.local.screen?.getTracks() ?? [])
      if (!screen?.getTracks().includes(track)) track.stop();
    this.local.screen = screen;
    await this.senders.get("screen")?.replaceTrack(screen?.getVideoTracks()[0] ?? null);
    this.report({ screen: screen !== null });
  }

  async leave(): Promise<void> {
    for (const release of this.releases) release();
    if (!this.closed && !this.lost)
      await this.client.request(StageEvents.leave, { video_session_id: this.sessionId });
    this.publisher?.close();
    this.program?.pc.close();
    this.subscriber.close();
    for (const track of this.local.screen?.getTracks() ?? []) track.stop();
  }

  private async answer(sdp: string): Promise<void> {
    await this.subscriber.setRemoteDescription({ type: "offer", sdp });
    await this.subscriber.setLocalDescription(await this.subscriber.createAnswer());
    await this.send(StageEvents.answer, { sdp: await gathered(this.subscriber) });
    this.changed();
  }

  private report(change: Partial<StageMediaState>): void {
    this.state = { ...this.state, ...change };
    void this.client.request(StageEvents.state, { video_session_id: this.sessionId, ...this.state });
    this.changed();
  }

  private async send(
    event: string,
    payload: object,
  ): Promise<{ canPublish?: boolean; canPublishProgram?: boolean; sdp?: string }> {
    const ack = (await this.client.request(event, {
      video_session_id: this.sessionId,
      ...payload,
    })) as StageAck | null;
    if (!ack) throw new Error("The stage did not answer. Please try again.");
    if (ack.status === "error") throw new Error(ack.error.message);
    return ack;
  }

  private changed(): void {
    this.onChange({ participants: this.infos.map((info) => this.participantOf(info)), closed: this.closed });
  }

  private participantOf(info: StageParticipantInfo): StageParticipant {
    const common = {
      userId: info.userId,
      name: info.name,
      audioMuted: info.audioMuted,
      videoMuted: info.videoMuted,
    };
    // Only a publishing connection shows its own camera; a watching one (the compositor) receives it.
    if (info.userId === this.userId && this.local.camera) {
      const { audioMuted, videoMuted } = this.state;
      return {
        ...common,
        audioMuted,
        videoMuted,
        isLocal: true,
        media: this.local.camera,
        screen: this.local.screen,
      };
    }
    const camera = [info.mids.audio, info.mids.video].flatMap((mid) => this.trackOn(mid));
    const screen = info.screen ? this.trackOn(info.mids.screen) : [];
    return {
      ...common,
      isLocal: false,
      media: this.streamOf(`${info.userId}:media`, camera),
      screen: this.streamOf(`${info.userId}:screen`, screen),
    };
  }

  private trackOn(mid: string | undefined): MediaStreamTrack[] {
    const track = this.subscriber.getTransceivers().find((t) => mid !== undefined && t.mid === mid)
      ?.receiver.track;
    return track ? [track] : [];
  }

  /** The same stream object with exactly these tracks, or null without any. */
  private streamOf(key: string, tracks: MediaStreamTrack[]): MediaStream | null {
    if (tracks.length === 0) {
      this.streams.delete(key);
      return null;
    }
    let stream = this.streams.get(key);
    if (!stream) {
      stream = new MediaStream();
      this.streams.set(key, stream);
    }
    for (const track of stream.getTracks()) if (!tracks.includes(track)) stream.removeTrack(track);
    for (const track of tracks) if (!stream.getTracks().includes(track)) stream.addTrack(track);
    return stream;
  }
}
