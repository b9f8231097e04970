import { type ReactNode, useCallback, useMemo, useState } from "react";
import { IntentsContext, type IntentsOptions, useSessionIntents } from "./useIntents";

/**
 * Loads and subscribes to the session's stage intents once for the whole room: the stage, the people
 * panel's sections and menus and the invite dialog all read them through useIntents. Hosts follow
 * everyone's hands (their toast); others only while a people panel is open (useFollowAudienceIntents).
 */
export function IntentsProvider({
  sessionId,
  children,
  ...options
}: IntentsOptions & { sessionId: number; children: ReactNode }) {
  const [panels, setPanels] = useState(0);
  const query = useSessionIntents(sessionId, {
    ...options,
    followsPresence: options.toastHands || panels > 0,
  });
  const followPresence = useCallback(() => {
    setPanels((n) => n + 1);
    return () => setPanels((n) => n - 1);
  }, []);
  const value = useMemo(() => ({ query, followPresence }), [query, followPresence]);
  return <IntentsContext.Provider value={value}>{children}</IntentsContext.Provider>;
}
