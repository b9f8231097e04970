import {
  type BanRequest,
  BanResponse,
  type ChangeRoleRequest,
  ChannelBansResponse,
  type ChannelUnbanRequest,
  ModerationAuditResponse,
  OkResponse,
} from "@onstage/domain";
import type { z } from "zod";
import { api, jsonBody } from "../../api";

// Issue 12: the people row's actions and the channel's moderation pages.

export const banUser = (body: z.input<typeof BanRequest>) =>
  api("/api/event/ban", BanResponse, jsonBody(body));

export const unbanUser = (body: { ban_id: number; event_id: number; organization_id: number }) =>
  api("/api/event/unban", OkResponse, jsonBody(body));

export const changeRole = (body: ChangeRoleRequest) =>
  api("/api/event/update-role", OkResponse, jsonBody(body));

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
