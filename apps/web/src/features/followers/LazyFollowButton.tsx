import { Suspense } from "react";
import { useIsClient } from "../../lib/firstRender";
import { lazyComponent } from "../../lib/lazyComponent";

// The Follow button waits for the viewer's follow status anyway: its code comes with that wait, out of
// the event page's first load (issue 14's budget). Not in the server's render: a lazy component there
// would suspend, and hydration would refuse the page's markup.
const FollowButton = lazyComponent(() => import("./FollowButton").then((m) => m.FollowButton));

export function LazyFollowButton(props: { channelId: number; channelName: string }) {
  if (!useIsClient()) return null;
  return (
    <Suspense fallback={null}>
      <FollowButton {...props} />
    </Suspense>
  );
}
