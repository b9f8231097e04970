import { Suspense } from "react";
import { lazyComponent } from "../../lib/lazyComponent";

// The Follow button waits for the viewer's follow status anyway: its code comes with that wait, out of
// the event page's first load (issue 14's budget).
const FollowButton = lazyComponent(() => import("./FollowButton").then((m) => m.FollowButton));

export function LazyFollowButton(props: { channelId: number; channelName: string }) {
  return (
    <Suspense fallback={null}>
      <FollowButton {...props} />
    </Suspense>
  );
}
