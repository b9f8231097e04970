import type { StageParticipant } from "../types";

// LiveKit's participants as the stage shows them. Typed by shape rather than by livekit-client's classes,
// so this file (and the app's main chunk) never loads the library; its Participant objects fit.

interface PublishedTrack {
  /** livekit-client's Track.Source: "camera", "microphone", "screen_share", "screen_share_audio". */
  source: string;
  isMuted: boolean;
  track?: { mediaStreamTrack: MediaStreamTrack };
}

export interface RoomMember {
  /** Our user id (the server mints tokens with it); anything else is not a person (a recorder, an agent). */
  identity: string;
  name?: string;
  isLocal: boolean;
  permissions?: { canPublish: boolean };
  trackPublications: Map<string, PublishedTrack>;
}

/**
 * One MediaStream per participant and kind, kept while its tracks stay the same: a video element keeps
 * playing across re-renders and gets a new stream only when a track comes or goes.
 */
export class StageStreams {
  private readonly streams = new Map<string, { trackIds: string; stream: MediaStream }>();

  constructor(private readonly makeStream: (tracks: MediaStreamTrack[]) => MediaStream) {}

  streamOf(key: string, tracks: MediaStreamTrack[]): MediaStream | null {
    if (tracks.length === 0) return null;
    const trackIds = tracks.map((track) => track.id).join(",");
    const known = this.streams.get(key);
    if (known?.trackIds === trackIds) return known.stream;
    const stream = this.makeStream(tracks);
    this.streams.set(key, { trackIds, stream });
    return stream;
  }

  /** Forgets the streams of participants who left. */
  keepOnly(keys: Set<string>): void {
    for (const key of this.streams.keys()) if (!keys.has(key)) this.streams.delete(key);
  }
}

const tracksOf = (published: PublishedTrack[], sources: string[]) =>
  published.flatMap((p) => (sources.includes(p.source) && p.track ? [p.track.mediaStreamTrack] : []));

const isOff = (published: PublishedTrack | undefined) => !published?.track || published.isMuted;

/**
 * The people on stage: those allowed to publish right now, this browser included (viewers in the room are
 * not on stage; someone whose right is taken away live leaves the stage at once).
 */
export function toStageParticipants(
  members: Iterable<RoomMember>,
  streams: StageStreams,
): StageParticipant[] {
  const participants: StageParticipant[] = [];
  const keys = new Set<string>();
  for (const member of members) {
    const userId = Number(member.identity);
    if (!Number.isSafeInteger(userId) || userId <= 0) continue;
    if (!member.permissions?.canPublish) continue;
    const published = [...member.trackPublications.values()];
    const camera = published.find((p) => p.source === "camera");
    const microphone = published.find((p) => p.source === "microphone");
    keys.add(`${userId}:media`).add(`${userId}:screen`);
    participants.push({
      userId,
      name: member.name ?? "",
      isLocal: member.isLocal,
      media: streams.streamOf(`${userId}:media`, tracksOf(published, ["camera", "microphone"])),
      screen: streams.streamOf(
        `${userId}:screen`,
        tracksOf(published, ["screen_share", "screen_share_audio"]),
      ),
      audioMuted: isOff(microphone),
      videoMuted: isOff(camera),
    });
  }
  streams.keepOnly(keys);
  return participants;
}

/**
 * An RTMP session's encoder as LiveKit Ingress publishes it: participant rtmp-{session}, as the server
 * names it (ingressIdentity). Not a person, so toStageParticipants never lists it.
 */
export const encoderIdentity = (sessionId: number) => `rtmp-${sessionId}`;

/**
 * A stage of one participant that is not a person (no user id, no name), once it is in the room: an
 * RTMP session's encoder, or the composed program a viewer place receives (issue 27).
 */
export function toSoleStage(
  members: Iterable<RoomMember>,
  identity: string,
  streams: StageStreams,
): StageParticipant[] {
  const member = [...members].find((m) => m.identity === identity);
  streams.keepOnly(new Set(member ? [identity] : []));
  if (!member) return [];
  const published = [...member.trackPublications.values()];
  return [
    {
      userId: 0,
      name: "",
      isLocal: false,
      media: streams.streamOf(identity, tracksOf(published, ["camera", "microphone"])),
      screen: null,
      audioMuted: isOff(published.find((p) => p.source === "microphone")),
      videoMuted: isOff(published.find((p) => p.source === "camera")),
    },
  ];
}
