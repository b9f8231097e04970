import { ProfileBatchResponse } from "@onstage/domain";
import { api, isApiError, jsonBody } from "../../api";
import type { ReadPeople } from "./UserDirectory";

/** Refusals the POST would get as well: asking twice cannot help. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 429]);

/**
 * Spec 1 §7: GET /api/user/profile?ids=…; when it fails (a proxy refusing long addresses, 405, a
 * network error, a server error) the same question goes as POST {userIds, eventId}.
 */
export const readPeople: ReadPeople = async (eventId, userIds) => {
  try {
    const url = `/api/user/profile?ids=${userIds.join(",")}&event_id=${eventId}`;
    return (await api(url, ProfileBatchResponse)).users;
  } catch (error) {
    if (isApiError(error) && FINAL_STATUSES.has(error.status)) throw error;
    return (await api("/api/user/profile", ProfileBatchResponse, jsonBody({ userIds, eventId }))).users;
  }
};
