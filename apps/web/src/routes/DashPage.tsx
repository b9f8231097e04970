import { useState } from "react";
import { SitePage } from "../features/account/SitePage";
import { CreateChannelDialog } from "../features/dashboard/channels/CreateChannelDialog";
import { DashChannels } from "../features/dashboard/channels/DashChannels";
import { MyInvites } from "../features/dashboard/channels/MyInvites";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { ManagedChannelsPlanBanners } from "../features/plans/ManagedChannelsPlanBanners";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Button } from "../ui/Button";
import "../features/dashboard/dashboard.css";

/** /dash: the host's channels and their events (issue 5 §1). */
export function DashPage() {
  useDocumentTitle("Dashboard");
  const [isCreating, setCreating] = useState(false);
  return (
    <SitePage>
      <SignedInOnly
        title="Dashboard"
        prompt="Sign in to see your dashboard"
        explanation="Your channels and the events you host are here once you are signed in."
      >
        {() => (
          <>
            <div className="dash-toolbar">
              <h1>Dashboard</h1>
              <Button variant="secondary" onClick={() => setCreating(true)}>
                Create channel
              </Button>
            </div>
            <ManagedChannelsPlanBanners />
            <MyInvites />
            <DashChannels onCreateChannel={() => setCreating(true)} />
            <CreateChannelDialog open={isCreating} onOpenChange={setCreating} />
          </>
        )}
      </SignedInOnly>
    </SitePage>
  );
}
