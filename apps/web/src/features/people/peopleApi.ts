import { LiveUsersResponse, type RegisteredUserFilter, RegisteredUsersResponse } from "@onstage/domain";
import { api } from "../../api";

export const peopleKeys = {
  live: (sessionId: number) => ["people", "live", sessionId] as const,
  /** Every registered-users list: a role or a ban changed (event topic 'people.changed'). */
  registeredAll: ["people", "registered"] as const,
  registered: (eventId: number, sessionId: number, filter: RegisteredUserFilter, search: string) =>
    ["people", "registered", eventId, sessionId, filter, search] as const,
};

export const fetchLiveUsers = (sessionId: number) =>
  api(`/api/video-session/live-users?video_session_id=${sessionId}`, LiveUsersResponse);

export function fetchRegisteredUsers(input: {
  eventId: number;
  sessionId: number;
  filter: RegisteredUserFilter;
  search: string;
  offset: number;
}) {
  const query = new URLSearchParams({
    event_id: String(input.eventId),
    video_session_id: String(input.sessionId),
    filter: input.filter,
    offset: String(input.offset),
  });
  if (input.search !== "") query.set("search", input.search);
  return api(`/api/event/registered-users?${query}`, RegisteredUsersResponse);
}
