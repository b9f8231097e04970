import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { acceptInvite, fetchMyInvites } from "./dashApi";
import { dashKeys } from "./dashKeys";

/** Team invitations to the signed-in user's verified address. */
export function useMyInvites() {
  return useQuery({ queryKey: dashKeys.myInvites, queryFn: fetchMyInvites, select: (data) => data.invites });
}

/** Accepting puts the channel on the dashboard: both lists are fetched again. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashKeys.all }),
  });
}
