import type { PlanDetails } from "@onstage/domain";
import { lazy, Suspense } from "react";
import { Spinner } from "../../ui/Spinner";
import { ManagedChannelPicker } from "../dashboard/channels/ManagedChannelPicker";
import { PlanBanners } from "./PlanBanners";
import { limitText, monthlyUsageText } from "./usage";
import { usePlanDetails } from "./usePlanDetails";
import "./plans.css";

// recharts is large: only the billing tab loads it.
const UsageChart = lazy(() => import("./UsageChart").then((module) => ({ default: module.UsageChart })));

const STATUS: Record<PlanDetails["status"], string> = {
  none: "No plan needed: this instance sets no limits",
  current: "Active",
  expired: "Expired",
  canceled: "Not active",
};

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso));

function ChannelBilling({ organizationId }: { organizationId: number }) {
  const plan = usePlanDetails(organizationId);
  if (plan.isPending) return <Spinner label="Loading the plan…" />;
  if (!plan.data) return <p role="alert">The plan could not be loaded.</p>;
  const details = plan.data;
  return (
    <section aria-labelledby="billing-plan-title">
      <PlanBanners organizationId={organizationId} />
      <h3 id="billing-plan-title">{details.plan?.title ?? "Unlimited"}</h3>
      <dl className="billing__limits">
        <dt>Status</dt>
        <dd>{STATUS[details.status]}</dd>
        {details.endDate && (
          <>
            <dt>{details.status === "current" ? "Renews or ends" : "Ended"}</dt>
            <dd>{dateText(details.endDate)}</dd>
          </>
        )}
        <dt>Hours used this month</dt>
        <dd>{monthlyUsageText(details)}</dd>
        <dt>Session maximum runtime</dt>
        <dd>{limitText(details.sessionMaxRuntimeHours, "hrs")}</dd>
        <dt>Live attendee limit</dt>
        <dd>{limitText(details.plan?.liveAttendeeLimit ?? null, "attendees")}</dd>
      </dl>
      <Suspense fallback={<Spinner label="Loading the chart…" />}>
        <UsageChart details={details} />
      </Suspense>
    </section>
  );
}

/** /settings?tab=billing (spec 2 §2): a managed channel's plan, this month's hours by day and its limits. */
export function BillingTab() {
  return (
    <ManagedChannelPicker none="Only a channel's owner and admins see its plan.">
      {(channel) => <ChannelBilling key={channel.id} organizationId={channel.id} />}
    </ManagedChannelPicker>
  );
}
