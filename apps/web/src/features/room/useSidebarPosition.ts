import { useState } from "react";
import { readTabValue, writeTabValue } from "./tabStorage";

export type SidebarPosition = "right" | "bottom";

const STORAGE_KEY = "onstage:room-sidebar-position";

/** Spec 2 §1: the module sidebar sits right of the stage or below it, the viewer's choice for this tab. */
export function useSidebarPosition() {
  const [position, setPosition] = useState<SidebarPosition>(() =>
    readTabValue(STORAGE_KEY) === "bottom" ? "bottom" : "right",
  );
  const choose = (next: SidebarPosition) => {
    setPosition(next);
    writeTabValue(STORAGE_KEY, next);
  };
  return [position, choose] as const;
}
