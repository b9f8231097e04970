import type { AddMemberRequest, TeamRole } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addMember, fetchTeam, removeMember, resendInvite, revokeInvite, updateMember } from "./dashApi";
import { dashKeys } from "./dashKeys";

export function useTeam(channelId: number) {
  return useQuery({ queryKey: dashKeys.team(channelId), queryFn: () => fetchTeam(channelId) });
}

function useRefreshTeam(channelId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashKeys.team(channelId) });
}

export function useAddMember(channelId: number) {
  const refresh = useRefreshTeam(channelId);
  return useMutation({
    mutationFn: (body: AddMemberRequest) => addMember(channelId, body),
    onSuccess: refresh,
  });
}

export function useUpdateMember(channelId: number) {
  const refresh = useRefreshTeam(channelId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: TeamRole }) =>
      updateMember(channelId, userId, role),
    onSuccess: refresh,
  });
}

export function useRemoveMember(channelId: number) {
  const refresh = useRefreshTeam(channelId);
  return useMutation({ mutationFn: (userId: number) => removeMember(channelId, userId), onSuccess: refresh });
}

export function useResendInvite(channelId: number) {
  const refresh = useRefreshTeam(channelId);
  return useMutation({
    mutationFn: (inviteId: number) => resendInvite(channelId, inviteId),
    onSuccess: refresh,
  });
}

export function useRevokeInvite(channelId: number) {
  const refresh = useRefreshTeam(channelId);
  return useMutation({
    mutationFn: (inviteId: number) => revokeInvite(channelId, inviteId),
    onSuccess: refresh,
  });
}
