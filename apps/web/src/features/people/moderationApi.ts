import { type BanRequest, BanResponse, type ChangeRoleRequest, OkResponse } from "@onstage/domain";
import type { z } from "zod";
import { api, jsonBody } from "../../api";

// Issue 12: the people row's actions.

export const banUser = (body: z.input<typeof BanRequest>) =>
  api("/api/event/ban", BanResponse, jsonBody(body));

export const unbanUser = (body: { ban_id: number; event_id: number; organization_id: number }) =>
  api("/api/event/unban", OkResponse, jsonBody(body));

export const changeRole = (body: ChangeRoleRequest) =>
  api("/api/event/update-role", OkResponse, jsonBody(body));
