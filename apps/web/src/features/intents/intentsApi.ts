import {
  type HandAnswer,
  IntentResponse,
  IntentsResponse,
  SessionControlResponse,
  type TileState,
} from "@onstage/domain";
import { api, jsonBody } from "../../api";

// Stage intents (spec 2 §4, spec 1 §2): the session's list and every move.

export interface SessionRef {
  sessionId: number;
  eventId: number;
}

export const intentKeys = { list: (sessionId: number) => ["intents", sessionId] as const };

const BASE = "/api/video-session/intents";

export const fetchIntents = (sessionId: number) =>
  api(`${BASE}?video_session_id=${sessionId}`, IntentsResponse);

const post = (path: string, ref: SessionRef, fields: Record<string, unknown> = {}) =>
  api(
    `${BASE}/${path}`,
    IntentResponse,
    jsonBody({ video_session_id: ref.sessionId, event_id: ref.eventId, ...fields }),
  );

/** The viewer's own moves: raise-hand, lower-hand, accept, decline ('No, thanks' or leaving the stage). */
export type OwnMove = "raise-hand" | "lower-hand" | "accept" | "decline";
export const ownMove = (ref: SessionRef, move: OwnMove) => post(move, ref);

export const invite = (ref: SessionRef, userId: number, tileState: TileState) =>
  post("invite", ref, { user_id: userId, tile_state: tileState });
export const answerHand = (ref: SessionRef, userId: number, answer: HandAnswer) =>
  post("answer-hand", ref, { user_id: userId, answer });
export const uninvite = (ref: SessionRef, userId: number) => post("uninvite", ref, { user_id: userId });

/** Spec 2 §7 update-settings: one of the people panel's host controls. */
export type HostSetting = "allow_raising_hands" | "open_stage" | "hide_audience" | "show_to_all";
export const updateSetting = (ref: SessionRef, name: HostSetting, value: boolean) =>
  api(
    "/api/video-session/update-settings",
    SessionControlResponse,
    jsonBody({ video_session_id: ref.sessionId, event_id: ref.eventId, [name]: value }),
  );
