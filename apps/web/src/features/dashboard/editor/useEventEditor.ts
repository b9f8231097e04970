import type { DashEventListResponse, DashEventResponse, UpdateEventRequest } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteEvent, fetchDashEvent, setArchived, updateEvent, uploadEventCover } from "../dashApi";
import { dashKeys } from "../dashKeys";
import { useImageUpload } from "../form/useImageUpload";

export function useDashEvent(eventId: number) {
  return useQuery({ queryKey: dashKeys.event(eventId), queryFn: () => fetchDashEvent(eventId) });
}

/** The server answers every event change with the whole event: store it, and refresh the lists. */
function useStoreEvent(eventId: number) {
  const queryClient = useQueryClient();
  return (answer: DashEventResponse) => {
    queryClient.setQueryData(dashKeys.event(eventId), answer);
    return queryClient.invalidateQueries({ queryKey: dashKeys.channelEvents(answer.event.organization.id) });
  };
}

export function useUpdateEvent(eventId: number) {
  const store = useStoreEvent(eventId);
  return useMutation({
    mutationFn: (body: UpdateEventRequest) => updateEvent(eventId, body),
    onSuccess: store,
  });
}

export function useArchiveEvent(eventId: number) {
  const store = useStoreEvent(eventId);
  return useMutation({ mutationFn: (archived: boolean) => setArchived(eventId, archived), onSuccess: store });
}

export function useDeleteEvent(eventId: number, channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEvent(eventId),
    onSuccess: () => {
      // Gone from the list at once, before /dash has read it again.
      queryClient.setQueryData<DashEventListResponse>(dashKeys.channelEvents(channelId), (data) =>
        data ? { events: data.events.filter((event) => event.id !== eventId) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: dashKeys.channelEvents(channelId) });
    },
  });
}

export function useCoverUpload(eventId: number) {
  const store = useStoreEvent(eventId);
  return useImageUpload((file, onProgress) => uploadEventCover(eventId, file, onProgress), store);
}

/** Sessions, tickets, coupons and questions: after any change the event is read again. */
export function useEventPartMutation<Input, Output>(
  eventId: number,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashKeys.event(eventId), exact: true }),
        queryClient.invalidateQueries({ queryKey: ["dash", "channel"] }),
      ]),
  });
}
