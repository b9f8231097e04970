import { type MediaRoomJoin, PROGRAM_PARTICIPANT_IDENTITY } from "@onstage/domain";
import type { RoomServiceClient, VideoGrant } from "livekit-server-sdk";
import type { MediaRoomMember, MediaRoomPort, MediaRoomRole } from "../port";
import { type LivekitSdk, livekitClient, livekitSdk } from "./sdk";

/** An operator's LiveKit project (LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET; read by main.ts). */
export interface LivekitConfig {
  /** What browsers connect to (wss://…); the server's Twirp calls go to the same host over https. */
  url: string;
  apiKey: string;
  apiSecret: string;
}

export interface LivekitMediaRoom extends MediaRoomPort {
  readonly provider: "livekit";
  /** Changes a connected participant's right to publish at once (issue 12: taken off stage, put back). */
  setCanPublish(sessionId: number, userId: number, canPublish: boolean): Promise<void>;
  /** The users in the session's room now, on stage or in a viewer place (LiveKit holds the room). */
  participants(sessionId: number): Promise<LivekitMember[]>;
  /** Takes a user's viewer place out (issue 27: banned, or the broadcast stopped). */
  removeViewer(sessionId: number, userId: number): Promise<void>;
}

export interface LivekitMember {
  userId: number;
  role: Exclude<MediaRoomRole, "program">;
}

/**
 * Short on purpose: the token only admits the browser; LiveKit keeps the connection (and refreshes its
 * own token) after that, and a leaked token stops working soon.
 */
export const LIVEKIT_TOKEN_TTL = "10m";

/** Stage members publish their camera, microphone and screen; nothing else (no data channel spam). */
const stageSources = ({ TrackSource }: LivekitSdk) => [
  TrackSource.CAMERA,
  TrackSource.MICROPHONE,
  TrackSource.SCREEN_SHARE,
  TrackSource.SCREEN_SHARE_AUDIO,
];

export const livekitRoomName = (sessionId: number) => `session-${sessionId}`;

/** The session a room name of ours stands for; null for any other room on the project. */
export function livekitRoomSession(roomName: string): number | null {
  const match = /^session-([1-9]\d*)$/.exec(roomName);
  const sessionId = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(sessionId) ? sessionId : null;
}

/** The participant's identity in LiveKit is our user id, so the stage maps tiles back to people. */
export const livekitIdentity = (userId: number) => String(userId);

/** A viewer place's identity (issue 27): apart from the same user's stage place, never a tile. */
export const livekitViewerIdentity = (userId: number) => `viewer-${userId}`;

const identityOf = (member: MediaRoomMember) =>
  member.role === "program"
    ? PROGRAM_PARTICIPANT_IDENTITY
    : member.role === "viewer"
      ? livekitViewerIdentity(member.userId)
      : livekitIdentity(member.userId);

/** Whose a participant of our room is: a person on stage, a user's viewer place; null for anything else. */
export function livekitMember(identity: string): LivekitMember | null {
  const match = /^(viewer-)?([1-9]\d{0,15})$/.exec(identity);
  const userId = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(userId)) return null;
  return { userId, role: match[1] ? "viewer" : "stage" };
}

/**
 * The grants a member's token carries. LiveKit treats an unset canPublish as allowed, so a viewer gets
 * an explicit false. Issue 27: a viewer place is hidden (never in anyone's participant list) and only
 * subscribes; the program publishes its picture and sound (as camera and microphone) and receives nothing.
 */
export function memberGrant(sdk: LivekitSdk, member: MediaRoomMember): VideoGrant {
  const room = { room: livekitRoomName(member.sessionId), roomJoin: true, canUpdateOwnMetadata: false };
  if (member.role === "viewer") {
    return { ...room, hidden: true, canSubscribe: true, canPublish: false, canPublishData: false };
  }
  if (member.role === "program") {
    const { TrackSource } = sdk;
    const canPublishSources = [TrackSource.CAMERA, TrackSource.MICROPHONE];
    return { ...room, canSubscribe: false, canPublish: true, canPublishData: false, canPublishSources };
  }
  return {
    ...room,
    canSubscribe: true,
    canPublish: member.canPublish,
    canPublishData: member.canPublish,
    ...(member.canPublish ? { canPublishSources: stageSources(sdk) } : {}),
  };
}

/**
 * Where browsers reach LiveKit, for the CSP's connect-src: its WebSocket, and its https origin
 * (livekit-client checks a failed connection over plain HTTP).
 */
export function livekitOrigins(url: string): string[] {
  const { host, protocol } = new URL(url);
  const secure = protocol === "wss:" || protocol === "https:";
  return [`${secure ? "wss" : "ws"}://${host}`, `${secure ? "https" : "http"}://${host}`];
}

/** The participant or room is already gone: what remove() and close() wanted anyway. */
const alreadyGone = ({ TwirpError }: LivekitSdk, error: unknown) =>
  error instanceof TwirpError && error.status === 404;

/** The media room on an operator's LiveKit: tokens minted here, room admin through LiveKit's Twirp API. */
export function livekitMediaRoom(config: LivekitConfig): LivekitMediaRoom {
  const connected = livekitClient(
    (sdk) => new sdk.RoomServiceClient(config.url, config.apiKey, config.apiSecret),
  );

  const ignoreGone = async (call: (rooms: RoomServiceClient) => Promise<unknown>) => {
    const { sdk, client: rooms } = await connected();
    try {
      await call(rooms);
    } catch (error) {
      if (!alreadyGone(sdk, error)) throw error;
    }
  };

  // Revokes the tokens minted so far (to the end of this second: a token's nbf has whole seconds), so a
  // removed person cannot walk back in with the one they had; one minted later admits them again.
  // LiveKit's own default revokes a minute ahead by its clock, which would refuse a quick return.
  const removeIdentity = (sessionId: number, identity: string) =>
    ignoreGone((rooms) =>
      rooms.removeParticipant(livekitRoomName(sessionId), identity, {
        revokeTokenTs: BigInt(Math.floor(Date.now() / 1000) + 1),
      }),
    );

  return {
    provider: "livekit",

    async join(member): Promise<MediaRoomJoin> {
      const sdk = await livekitSdk();
      const token = new sdk.AccessToken(config.apiKey, config.apiSecret, {
        identity: identityOf(member),
        name: member.name,
        ttl: LIVEKIT_TOKEN_TTL,
      });
      token.addGrant(memberGrant(sdk, member));
      return {
        provider: "livekit",
        url: config.url,
        token: await token.toJwt(),
        canPublish: member.role === "viewer" ? false : member.canPublish,
      };
    },

    remove: (sessionId, userId) => removeIdentity(sessionId, livekitIdentity(userId)),

    removeViewer: (sessionId, userId) => removeIdentity(sessionId, livekitViewerIdentity(userId)),

    close: (sessionId) => ignoreGone((rooms) => rooms.deleteRoom(livekitRoomName(sessionId))),

    async setCanPublish(sessionId, userId, canPublish) {
      const { sdk, client: rooms } = await connected();
      await rooms.updateParticipant(livekitRoomName(sessionId), livekitIdentity(userId), {
        permission: {
          canSubscribe: true,
          canPublish,
          canPublishData: canPublish,
          canPublishSources: canPublish ? stageSources(sdk) : [],
        },
      });
    },

    async participants(sessionId) {
      const { sdk, client: rooms } = await connected();
      try {
        const list = await rooms.listParticipants(livekitRoomName(sessionId));
        return list.flatMap((p) => livekitMember(p.identity) ?? []);
      } catch (error) {
        if (alreadyGone(sdk, error)) return [];
        throw error;
      }
    },

    // Nothing runs here: LiveKit holds the rooms, the SDK holds no connections.
    stop: async () => {},
  };
}
