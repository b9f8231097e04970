import {
  type CreateClipRefusal,
  type EventPageData,
  type RoomResponse,
  roomClipRefusal,
  type ViewerFlags,
} from "@onstage/domain";
import { usePlayback } from "../player/playbackApi";

/** What of the event the clip rules read. */
export type ClipEvent = Pick<EventPageData["event"], "id" | "private" | "disableClipping">;

export interface ClipRoom {
  event: ClipEvent;
  room: RoomResponse;
  flags: ViewerFlags;
}

export type ClipAbility =
  | { status: "loading" }
  | { status: "refused"; refusal: CreateClipRefusal }
  | { status: "allowed"; vodUrl: string };

/**
 * Spec 2 §2, §5 and spec 3 §2: whether this viewer may clip now, from the room and the playback answer
 * (the recording's playlist, also while live once recording started).
 */
export function useClipAbility({ event, room, flags }: ClipRoom): ClipAbility {
  const playback = usePlayback(room.session.id, true);
  if (!playback.data) return { status: "loading" };
  const { vodUrl, stream } = playback.data;
  const refusal = roomClipRefusal({
    flags,
    session: room.session,
    event,
    playback: { vodUrl, stream },
  });
  if (refusal) return { status: "refused", refusal };
  // roomClipRefusal refuses without a recording ('not_recording'), so there is a playlist here.
  return vodUrl === null ? { status: "refused", refusal: "not_recording" } : { status: "allowed", vodUrl };
}
