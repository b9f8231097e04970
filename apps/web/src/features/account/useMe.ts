import { type CurrentUser, MeResponse } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";

export const accountKeys = {
  me: ["account", "me"] as const,
};

export const fetchMe = () => api("/api/me", MeResponse);

export function useMe() {
  const query = useQuery({
    queryKey: accountKeys.me,
    queryFn: fetchMe,
    staleTime: 60_000,
  });
  const user: CurrentUser | null = query.data?.user ?? null;
  return { user, isPending: query.isPending };
}
