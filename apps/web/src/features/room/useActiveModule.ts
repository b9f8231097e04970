import type { SidebarModule } from "@onstage/domain";
import { useState } from "react";
import { readTabValue, writeTabValue } from "./tabStorage";

const storageKey = (sessionId: number) => `onstage:room-module:${sessionId}`;

/**
 * Spec 2 §1: the active module is remembered per browser tab (sessionStorage). A module that is no longer
 * visible (a disabled chat for a guest, spec 2 §2) closes: the first visible one opens instead.
 */
export function useActiveModule(sessionId: number, visible: readonly SidebarModule[]) {
  const [chosen, setChosen] = useState<string | null>(() => readTabValue(storageKey(sessionId)));
  const active = visible.find((module) => module === chosen) ?? visible[0] ?? null;
  const choose = (module: SidebarModule) => {
    setChosen(module);
    writeTabValue(storageKey(sessionId), module);
  };
  return [active, choose] as const;
}
