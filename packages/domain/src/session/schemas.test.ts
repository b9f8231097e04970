import { describe, expect, test } from "vitest";
import {
  GoLiveNotificationBody,
  ResetSessionBody,
  UpdateSettingsBody,
  UpdateVideoSessionBody,
} from "./schemas";

const ids = { video_session_id: 1, event_id: 2 };

describe("UpdateSettingsBody: exactly one setting (spec 2 §7)", () => {
  test.each([
    { case: "allow_raising_hands", body: { ...ids, allow_raising_hands: false }, ok: true },
    { case: "open_stage", body: { ...ids, open_stage: true }, ok: true },
    { case: "hide_audience", body: { ...ids, hide_audience: true }, ok: true },
    { case: "disable_qa", body: { ...ids, disable_qa: true }, ok: true },
    { case: "broadcast_type", body: { ...ids, broadcast_type: "rtmp" }, ok: true },
    { case: "is_recording", body: { ...ids, is_recording: false }, ok: true },
    { case: "none", body: ids, ok: false },
    { case: "two", body: { ...ids, open_stage: true, disable_qa: true }, ok: false },
    { case: "an unknown broadcast type", body: { ...ids, broadcast_type: "hls" }, ok: false },
    { case: "an unknown field", body: { ...ids, open_stage: true, music_mode: true }, ok: false },
    { case: "a string for a flag", body: { ...ids, open_stage: "true" }, ok: false },
    { case: "no event", body: { video_session_id: 1, open_stage: true }, ok: false },
  ])("$case → $ok", ({ body, ok }) => {
    expect(UpdateSettingsBody.safeParse(body).success).toBe(ok);
  });
});

describe("the other session-control bodies", () => {
  test.each([
    { schema: UpdateVideoSessionBody, body: { ...ids, video_session_state: "greenroom" }, ok: true },
    {
      schema: UpdateVideoSessionBody,
      body: { ...ids, video_session_state: "broadcasting", is_recording: true, call_audience: false },
      ok: true,
    },
    { schema: UpdateVideoSessionBody, body: { ...ids, video_session_state: "live" }, ok: false },
    { schema: UpdateVideoSessionBody, body: { ...ids, video_session_state: "ended", x: 1 }, ok: false },
    { schema: UpdateVideoSessionBody, body: { event_id: 2, video_session_state: "ended" }, ok: false },
    { schema: ResetSessionBody, body: ids, ok: true },
    { schema: ResetSessionBody, body: { ...ids, video_session_id: 0 }, ok: false },
    {
      schema: GoLiveNotificationBody,
      body: { event_id: 1, session_id: 2, org_id: 3, notify_followers: true },
      ok: true,
    },
    { schema: GoLiveNotificationBody, body: { event_id: 1, session_id: 2, org_id: 3 }, ok: false },
  ])("%#", ({ schema, body, ok }) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });
});
