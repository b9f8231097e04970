import type { CurrentUser, MeResponse } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../api";

export const accountKeys = {
  me: ["account", "me"] as const,
};

export const fetchMe = () => apiJson<MeResponse>("/api/me");

export function useMe() {
  const query = useQuery({
    queryKey: accountKeys.me,
    queryFn: fetchMe,
    staleTime: 60_000,
  });
  const user: CurrentUser | null = query.data?.user ?? null;
  return { user, isPending: query.isPending };
}
