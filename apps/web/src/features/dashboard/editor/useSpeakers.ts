import type { InviteSpeakerRequest } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashKeys } from "../dashKeys";
import { speakerApi } from "./editorApi";

export function useSpeakers(eventId: number) {
  return useQuery({ queryKey: dashKeys.speakers(eventId), queryFn: () => speakerApi.list(eventId) });
}

export function useInviteSpeaker(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteSpeakerRequest) => speakerApi.invite(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashKeys.speakers(eventId) }),
  });
}
