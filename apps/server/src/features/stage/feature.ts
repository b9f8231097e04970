import { stageIsOpen, webrtcViewerPlaces } from "@onstage/domain";
import type {
  BanChanged,
  SessionStateChange,
  StageSettingsChanged,
  UserRemoved,
} from "../../kernel/broadcast/lifecycle";
import type { EmbeddedMediaRoom } from "../../platform/media-room/embedded/room";
import {
  type LivekitMediaRoom,
  livekitMember,
  livekitRoomSession,
} from "../../platform/media-room/livekit/livekit-media-room";
import type { MediaRoomPort } from "../../platform/media-room/port";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import type { ParticipantListener } from "../program-egress/service";
import { stageRoutes } from "./routes";
import { membersRights, openStageSessions, stagePresence } from "./service";
import { stageSignalling } from "./signalling";

/** A revoked right (a role taken away, a ban, the state set by hand) stops a member within this. */
const RECHECK_MS = 1_000;

/**
 * The live stage's media (issue 11 §2): POST join-stage for every provider; with the embedded SFU also
 * the signalling on the realtime socket and the rights of the people in each room, checked every second.
 */
export function stageFeature(
  deps: FeatureDeps,
  mediaRoom: MediaRoomPort,
): Feature & { onParticipant: ParticipantListener } {
  const embedded = mediaRoom.provider === "embedded" ? (mediaRoom as EmbeddedMediaRoom) : null;
  const livekit = mediaRoom.provider === "livekit" ? (mediaRoom as LivekitMediaRoom) : null;
  const onState = (change: SessionStateChange) => {
    // Back to scheduled, postevent or ended: everyone leaves the stage.
    if (!stageIsOpen(change.to))
      void mediaRoom
        .close(change.sessionId)
        .catch((err: unknown) => deps.log.error({ err }, "closing a media room failed"));
  };
  const onStage = stagePresence(deps);
  let timer: NodeJS.Timeout | null = null;
  let checking = false;
  /** A removal asked for during a check that may have read the rights before it: check once more. */
  let again = false;
  const recheck = async (): Promise<void> => {
    if (!embedded || checking) return;
    checking = true;
    again = false;
    for (const sessionId of embedded.sessions()) {
      try {
        const members = embedded.members(sessionId);
        const rights = await membersRights(
          deps.db,
          sessionId,
          members.map((m) => m.userId),
        );
        for (const { place, userId, role } of members) {
          const held = rights.get(userId);
          // A viewer place answers to the rule of watching (issue 27), every other place to the stage's.
          if (held && (role === "viewer" ? held.viewRefusal : held.refusal) === null) continue;
          await embedded.remove(sessionId, place);
          if (role === "stage") await onStage(sessionId, userId, false);
        }
      } catch (err) {
        deps.log.error({ err, sessionId }, "re-checking stage rights failed");
      }
    }
    checking = false;
    if (again) await recheck();
  };
  // A removal or a ban (a shadow ban too: issue 23 §2.4) takes the user off the stage now; the re-check
  // reads the ban from the database.
  const onRemoved = (removed: UserRemoved | BanChanged) => {
    if (livekit) void takeOffLivekit(removed);
    else if (checking) again = true;
    else void recheck();
  };
  /** LiveKit holds its rooms: who may no longer be on stage is found by asking it, when something changed. */
  const takeOffLivekit = async (change: UserRemoved | BanChanged | StageSettingsChanged) => {
    if (!livekit) return;
    try {
      // A ban across events: the user may be on stage or in a viewer place; both are looked at.
      const sessions =
        "sessionId" in change
          ? [{ sessionId: change.sessionId, members: await livekit.participants(change.sessionId) }]
          : (await openStageSessions(deps.db, change.eventIds)).map((sessionId) => ({
              sessionId,
              members: (["stage", "viewer"] as const).map((role) => ({ userId: change.userId, role })),
            }));
      for (const { sessionId, members } of sessions) {
        const rights = await membersRights(
          deps.db,
          sessionId,
          members.map((m) => m.userId),
        );
        for (const { userId, role } of members) {
          const held = rights.get(userId);
          // A viewer place answers to the rule of watching (issue 27), a person on stage to the stage's.
          if (held && (role === "viewer" ? held.viewRefusal : held.refusal) === null) continue;
          await (role === "viewer"
            ? livekit.removeViewer(sessionId, userId)
            : livekit.remove(sessionId, userId));
        }
      }
    } catch (err) {
      deps.log.error({ err }, "taking people off a LiveKit stage failed");
    }
  };
  const onStageSettings = (change: StageSettingsChanged) => void takeOffLivekit(change);
  /** LiveKit's webhook: a room of ours and a person on its stage (not a viewer place, not the program). */
  const onParticipant: ParticipantListener = async (roomName, identity, isOnStage) => {
    const sessionId = livekitRoomSession(roomName);
    const member = livekitMember(identity);
    if (sessionId !== null && member?.role === "stage") await onStage(sessionId, member.userId, isOnStage);
  };
  return {
    name: "stage",
    onParticipant,
    routes: stageRoutes(deps, mediaRoom),
    ...(embedded
      ? {
          onConnection: stageSignalling({
            db: deps.db,
            log: deps.log,
            room: embedded,
            onStage,
            viewerPlaces: webrtcViewerPlaces(deps.viewerThreshold),
          }),
        }
      : {}),
    start() {
      deps.lifecycle.on("sessionState", onState);
      deps.lifecycle.on("userRemoved", onRemoved);
      deps.lifecycle.on("banChanged", onRemoved);
      deps.lifecycle.on("stageSettings", onStageSettings);
      timer = setInterval(() => void recheck(), RECHECK_MS);
      timer.unref();
    },
    async stop() {
      deps.lifecycle.off("sessionState", onState);
      deps.lifecycle.off("userRemoved", onRemoved);
      deps.lifecycle.off("banChanged", onRemoved);
      deps.lifecycle.off("stageSettings", onStageSettings);
      if (timer) clearInterval(timer);
      await mediaRoom.stop();
    },
  };
}
