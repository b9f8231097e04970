import { z } from "zod";
import { SessionStream } from "../broadcast/schemas";
import { RoomSession } from "../presence/schemas";
import { BroadcastType, SessionState } from "../vocabulary";
import { Id } from "../wire";

// Session control (spec 2 §4, §7): the host's state moves, reset, settings and the go-live mail.

/** POST /api/video-session/update-video-session: one move of SESSION_TRANSITIONS. */
export const UpdateVideoSessionBody = z
  .object({
    video_session_id: Id,
    event_id: Id,
    video_session_state: SessionState,
    /** Go live only: 'Go live and record' (true) or 'Go live only' (false). */
    is_recording: z.boolean().optional(),
    /** Go live in a multi-session event: the popover's first step, call the audience to this session. */
    call_audience: z.boolean().optional(),
  })
  .strict();
export type UpdateVideoSessionBody = z.infer<typeof UpdateVideoSessionBody>;

/** The session after the move and its current stream (the one go live opened, else the live one). */
export const SessionControlResponse = z.object({ session: RoomSession, stream: SessionStream.nullable() });
export type SessionControlResponse = z.infer<typeof SessionControlResponse>;

/** POST /api/video-session/reset-session: any state back to scheduled, its streams deleted. */
export const ResetSessionBody = z.object({ video_session_id: Id, event_id: Id }).strict();
export type ResetSessionBody = z.infer<typeof ResetSessionBody>;

const SETTINGS = {
  allow_raising_hands: z.boolean(),
  open_stage: z.boolean(),
  hide_audience: z.boolean(),
  disable_qa: z.boolean(),
  show_to_all: z.boolean(),
  broadcast_type: BroadcastType,
  is_recording: z.boolean(),
};
export type SessionSettingName = keyof typeof SETTINGS;
export const SESSION_SETTING_NAMES = Object.keys(SETTINGS) as SessionSettingName[];

/** POST /api/video-session/update-settings: video_session_id, event_id and exactly one setting (spec 2 §7). */
export const UpdateSettingsBody = z
  .object({ video_session_id: Id, event_id: Id, ...SETTINGS })
  .partial(
    Object.fromEntries(SESSION_SETTING_NAMES.map((name) => [name, true])) as {
      [K in SessionSettingName]: true;
    },
  )
  .strict()
  .refine((body) => SESSION_SETTING_NAMES.filter((name) => body[name] !== undefined).length === 1, {
    message: `exactly one of ${SESSION_SETTING_NAMES.join(", ")}`,
  });
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

/** POST /api/notifications/go-live: mail the channel's followers that the session is live. */
export const GoLiveNotificationBody = z
  .object({ event_id: Id, session_id: Id, org_id: Id, notify_followers: z.boolean() })
  .strict();
export type GoLiveNotificationBody = z.infer<typeof GoLiveNotificationBody>;

export const GoLiveNotificationResponse = z.object({ queued: z.number().int().nonnegative() });
