import { MeResponse } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useEffect, useState } from "react";
import { api } from "../../api";
import { accountKeys, useMe } from "../account/useMe";
import { RealtimeClient } from "./RealtimeClient";
import { waitForAuth } from "./waitForAuth";

export const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * The tab's realtime connection, open while mounted (the room and the chat pop-out). Not mounted with
 * ?arc or while another tab holds the session (spec 1 §2, §4): then useTopic follows nothing.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useMe();
  const userId = user?.id ?? null;
  const [client] = useState(
    () =>
      new RealtimeClient({
        // Spec 2 §8: an auth refusal refetches the signed-in user before the channel is recreated.
        fetchUserId: async () => {
          const me = await queryClient.fetchQuery({
            queryKey: accountKeys.me,
            queryFn: () => api("/api/me", MeResponse),
            staleTime: 0,
          });
          return me.user?.id ?? null;
        },
      }),
  );
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const cancel = waitForAuth(
      () => {
        const me = queryClient.getQueryState(accountKeys.me);
        return me !== undefined && me.status !== "pending";
      },
      () => {
        client.start(queryClient.getQueryData<MeResponse>(accountKeys.me)?.user?.id ?? null);
        setStarted(true);
      },
    );
    return () => {
      cancel();
      client.stop();
    };
  }, [client, queryClient]);

  useEffect(() => {
    if (started) client.setUser(userId);
  }, [client, started, userId]);

  return <RealtimeContext.Provider value={started ? client : null}>{children}</RealtimeContext.Provider>;
}
