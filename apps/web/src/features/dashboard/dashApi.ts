import {
  AcceptInviteResponse,
  type AddMemberRequest,
  type CreateChannelRequest,
  type CreateEventRequest,
  DashChannelResponse,
  DashEventListResponse,
  DashEventResponse,
  DashResponse,
  MyEventsResponse,
  MyInvitesResponse,
  TeamInviteResponse,
  TeamMemberResponse,
  TeamResponse,
  type TeamRole,
  type UpdateChannelRequest,
  type UpdateEventRequest,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody, uploadWithProgress } from "../../api";

// Channels, team and events of the host dashboard (issue 5 §1). Paths and shapes: the domain's dashboard/*.ts.

const channelPath = (channelId: number) => `/api/channels/${channelId}`;
export const dashEventPath = (eventId: number) => `/api/dash/events/${eventId}`;

export const fetchDash = () => api("/api/dash", DashResponse);

export const createChannel = (body: CreateChannelRequest) =>
  api("/api/channels", DashChannelResponse, jsonBody(body));

export const updateChannel = (channelId: number, body: UpdateChannelRequest) =>
  api(channelPath(channelId), DashChannelResponse, jsonBody(body, "PATCH"));

function imageForm(file: File): FormData {
  const body = new FormData();
  body.append("image", file);
  return body;
}

export const uploadChannelAvatar = (channelId: number, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress(`${channelPath(channelId)}/avatar`, imageForm(file), DashChannelResponse, onProgress);

export const fetchTeam = (channelId: number) => api(`${channelPath(channelId)}/members`, TeamResponse);

export const addMember = (channelId: number, body: AddMemberRequest) =>
  api(`${channelPath(channelId)}/members`, TeamInviteResponse, jsonBody(body));

export const resendInvite = (channelId: number, inviteId: number) =>
  api(`${channelPath(channelId)}/invites/${inviteId}/resend`, TeamInviteResponse, jsonBody({}));

export const revokeInvite = (channelId: number, inviteId: number) =>
  apiNoContent(`${channelPath(channelId)}/invites/${inviteId}`, { method: "DELETE" });

export const fetchMyInvites = () => api("/api/invites", MyInvitesResponse);

export const acceptInvite = (inviteId: number) =>
  api(`/api/invites/${inviteId}/accept`, AcceptInviteResponse, jsonBody({}));

export const updateMember = (channelId: number, userId: number, role: TeamRole) =>
  api(`${channelPath(channelId)}/members/${userId}`, TeamMemberResponse, jsonBody({ role }, "PATCH"));

export const removeMember = (channelId: number, userId: number) =>
  apiNoContent(`${channelPath(channelId)}/members/${userId}`, { method: "DELETE" });

export const fetchChannelEvents = (channelId: number) =>
  api(`${channelPath(channelId)}/events`, DashEventListResponse);

export const createEvent = (channelId: number, body: CreateEventRequest) =>
  api(`${channelPath(channelId)}/events`, DashEventResponse, jsonBody(body));

export const fetchDashEvent = (eventId: number) => api(dashEventPath(eventId), DashEventResponse);

export const updateEvent = (eventId: number, body: UpdateEventRequest) =>
  api(dashEventPath(eventId), DashEventResponse, jsonBody(body, "PATCH"));

export const setArchived = (eventId: number, archived: boolean) =>
  api(`${dashEventPath(eventId)}/${archived ? "archive" : "unarchive"}`, DashEventResponse, {
    method: "POST",
  });

export const deleteEvent = (eventId: number) => apiNoContent(dashEventPath(eventId), { method: "DELETE" });

export const uploadEventCover = (eventId: number, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress(`${dashEventPath(eventId)}/cover`, imageForm(file), DashEventResponse, onProgress);

export const fetchMyEvents = () => api("/api/my-events", MyEventsResponse);
