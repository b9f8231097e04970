import type { EventDetails } from "@onstage/domain";
import { useEffect } from "react";

/**
 * Issue 28 §5: the event's pixel sends PageView once the page is shown, when the host switched it on.
 * The loader is fetched only then: most events have no pixel.
 */
export function useMetaPixelPageLoad(event: EventDetails | null): void {
  const isDue = event?.metaPixel?.eventPageLoad === true;
  useEffect(() => {
    if (event && isDue) void import("./metaPixel").then((pixel) => pixel.metaPixelPageLoad(event));
  }, [event, isDue]);
}
