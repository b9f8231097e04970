import { errorMessage, MEDIA_ROOM_DEFAULT_LOG_LEVEL, type MediaRoomJoin } from "@onstage/domain";
import type { Room } from "livekit-client";
import { useEffect, useRef, useState } from "react";
import type { StageParticipant } from "../types";
import { StageStreams, toSoleStage, toStageParticipants } from "./stageParticipants";

type LivekitJoin = Extract<MediaRoomJoin, { provider: "livekit" }>;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface LivekitStageOptions {
  /** Shares the screen while true (stage members only); set it from a click, browsers ask for a gesture. */
  screen?: boolean;
  /** Connection and device failures, in words to show. */
  onError?: (message: string) => void;
  /** The room once connected (the Egress template hands it to the egress SDK). */
  onConnected?: (room: Room) => void;
  /**
   * The stage is this participant alone (toSoleStage), not the people: an RTMP session's encoder, or the
   * program for a viewer place (issue 27).
   */
  only?: string;
}

/**
 * The stage on the operator's LiveKit (issue 11 §2): joins with the token the server minted, publishes
 * camera and microphone when the token allows it, and lists the people on stage. livekit-client loads
 * only here, on first join: instances on the embedded SFU never download it. Without a join (no token
 * yet) it waits; leaving (join null) or unmounting disconnects.
 */
export function useLivekitStage(
  join: LivekitJoin | null,
  options: LivekitStageOptions = {},
): StageParticipant[] {
  const [participants, setParticipants] = useState<StageParticipant[]>([]);
  const [room, setRoom] = useState<Room | null>(null);
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const onConnected = useRef(options.onConnected);
  onConnected.current = options.onConnected;
  const url = join?.url;
  const token = join?.token;
  const canPublish = join?.canPublish ?? false;
  const only = options.only;

  useEffect(() => {
    if (token === undefined) return;
    // Spec 3 §7: without an address the media room reports it (and connects nowhere).
    if (!url) {
      onError.current?.(errorMessage("no_livekit_url"));
      return;
    }
    let left = false;
    let joined: Room | undefined;
    void (async () => {
      const livekit = await import("livekit-client");
      if (left) return;
      // Spec 3 §9: the media room's library logs warnings and worse.
      livekit.setLogLevel(MEDIA_ROOM_DEFAULT_LOG_LEVEL);
      const current = new livekit.Room({ adaptiveStream: true, dynacast: true });
      joined = current;
      const streams = new StageStreams((tracks) => new MediaStream(tracks));
      const refresh = () => {
        const members = [current.localParticipant, ...current.remoteParticipants.values()];
        setParticipants(only ? toSoleStage(members, only, streams) : toStageParticipants(members, streams));
      };
      for (const event of [
        livekit.RoomEvent.ParticipantConnected,
        livekit.RoomEvent.ParticipantDisconnected,
        livekit.RoomEvent.ParticipantNameChanged,
        livekit.RoomEvent.ParticipantPermissionsChanged,
        livekit.RoomEvent.TrackSubscribed,
        livekit.RoomEvent.TrackUnsubscribed,
        livekit.RoomEvent.TrackMuted,
        livekit.RoomEvent.TrackUnmuted,
        livekit.RoomEvent.LocalTrackPublished,
        livekit.RoomEvent.LocalTrackUnpublished,
        livekit.RoomEvent.Disconnected,
      ]) {
        current.on(event, refresh);
      }
      await current.connect(url, token);
      if (left) return;
      setRoom(current);
      onConnected.current?.(current);
      refresh();
      if (canPublish) await current.localParticipant.enableCameraAndMicrophone();
    })().catch((error: unknown) => {
      if (!left) onError.current?.(messageOf(error));
    });
    return () => {
      left = true;
      setRoom(null);
      setParticipants([]);
      void joined?.disconnect();
    };
  }, [url, token, canPublish, only]);

  const screen = options.screen ?? false;
  useEffect(() => {
    if (!room || !canPublish) return;
    room.localParticipant.setScreenShareEnabled(screen).catch((error: unknown) => {
      onError.current?.(messageOf(error));
    });
  }, [room, canPublish, screen]);

  return participants;
}
