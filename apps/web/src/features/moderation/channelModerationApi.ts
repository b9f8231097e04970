import {
  ChannelBansResponse,
  type ChannelUnbanRequest,
  ModerationAuditResponse,
  OkResponse,
} from "@onstage/domain";
import { api, jsonBody } from "../../api";

// /settings?tab=advanced: the channel's banned users and its moderation audit log (owners and admins).

export const moderationKeys = {
  bans: (organizationId: number, search: string) => ["moderation", "bans", organizationId, search] as const,
  audit: (organizationId: number) => ["moderation", "audit", organizationId] as const,
};

export function fetchChannelBans(input: { organizationId: number; search: string; offset: number }) {
  const query = new URLSearchParams({
    organization_id: String(input.organizationId),
    offset: String(input.offset),
  });
  if (input.search !== "") query.set("search", input.search);
  return api(`/api/channel/bans?${query}`, ChannelBansResponse);
}

export const unbanInChannel = (body: ChannelUnbanRequest) =>
  api("/api/channel/unban", OkResponse, jsonBody(body));

export const fetchModerationAudit = (organizationId: number, offset: number) =>
  api(
    `/api/channel/moderation-audit?organization_id=${organizationId}&offset=${offset}`,
    ModerationAuditResponse,
  );
