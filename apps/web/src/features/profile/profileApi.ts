import { PROFILE_CACHE_MS, UserProfileResponse } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";

/** Spec 2 §7, §9: the user profile query (userId, eventId), cached 300 s. */
export function useUserProfile(userId: number, eventId: number, isNeeded: boolean) {
  return useQuery({
    queryKey: ["user-profile", eventId, userId],
    queryFn: () => api(`/api/event/user-profile?user_id=${userId}&event_id=${eventId}`, UserProfileResponse),
    staleTime: PROFILE_CACHE_MS,
    gcTime: PROFILE_CACHE_MS,
    enabled: isNeeded,
  });
}
