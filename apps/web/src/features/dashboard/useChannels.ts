import type {
  CreateChannelRequest,
  CreateEventRequest,
  DashChannelEntry,
  DashResponse,
  UpdateChannelRequest,
} from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createChannel,
  createEvent,
  fetchChannelEvents,
  fetchDash,
  updateChannel,
  uploadChannelAvatar,
} from "./dashApi";
import { dashKeys } from "./dashKeys";
import { useImageUpload } from "./form/useImageUpload";

export function useDash() {
  return useQuery({ queryKey: dashKeys.channels, queryFn: fetchDash, select: (data) => data.channels });
}

export function useDashChannel(channelId: number) {
  const dash = useDash();
  return { ...dash, data: dash.data?.find((entry) => entry.channel.id === channelId) };
}

/** Puts the server's answer for one channel into the cached list, so every view shows it at once. */
function useStoreChannel() {
  const queryClient = useQueryClient();
  return (entry: DashChannelEntry) => {
    queryClient.setQueryData<DashResponse>(dashKeys.channels, (data) => {
      if (!data) return data;
      const others = data.channels.filter((c) => c.channel.id !== entry.channel.id);
      const isNew = others.length === data.channels.length;
      return {
        channels: isNew
          ? [...data.channels, entry]
          : data.channels.map((c) => (c.channel.id === entry.channel.id ? entry : c)),
      };
    });
  };
}

export function useCreateChannel() {
  const store = useStoreChannel();
  return useMutation({ mutationFn: (body: CreateChannelRequest) => createChannel(body), onSuccess: store });
}

export function useUpdateChannel(channelId: number) {
  const store = useStoreChannel();
  return useMutation({
    mutationFn: (body: UpdateChannelRequest) => updateChannel(channelId, body),
    onSuccess: store,
  });
}

export function useChannelAvatar(channelId: number) {
  const store = useStoreChannel();
  return useImageUpload((file, onProgress) => uploadChannelAvatar(channelId, file, onProgress), store);
}

export function useChannelEvents(channelId: number) {
  return useQuery({
    queryKey: dashKeys.channelEvents(channelId),
    queryFn: () => fetchChannelEvents(channelId),
    select: (data) => data.events,
  });
}

export function useCreateEvent(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventRequest) => createEvent(channelId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(dashKeys.event(answer.event.id), answer);
      return queryClient.invalidateQueries({ queryKey: dashKeys.channelEvents(channelId) });
    },
  });
}
