import type { ReactNode } from "react";
import { IntentsContext, type IntentsOptions, useSessionIntents } from "./useIntents";

/**
 * Loads and subscribes to the session's stage intents once for the whole room: the stage, the people
 * panel's sections and menus and the invite dialog all read them through useIntents.
 */
export function IntentsProvider({
  sessionId,
  children,
  ...options
}: IntentsOptions & { sessionId: number; children: ReactNode }) {
  const query = useSessionIntents(sessionId, options);
  return <IntentsContext.Provider value={query}>{children}</IntentsContext.Provider>;
}
