import { planBanner } from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { BillingLink } from "./BillingLink";
import { dismissBanner, isBannerDismissed } from "./dismissals";
import { usePlanDetails } from "./usePlanDetails";
import "./plans.css";

/**
 * Spec 2 §2 plan banners for a channel's owner or admin (the caller checks): 'Your plan has expired'
 * or 'Not currently on an active plan' with 'Please select a plan to continue' and the refetch link;
 * 'Max Monthly Plan Hours Reached'. Each can be dismissed.
 */
export function PlanBanners({
  organizationId,
  channelName,
}: {
  organizationId: number;
  channelName?: string;
}) {
  const titleId = useId();
  const plan = usePlanDetails(organizationId);
  const [, setDismissals] = useState(0);
  const banner = plan.data ? planBanner(plan.data) : null;
  if (!banner || isBannerDismissed(sessionStorage, organizationId, banner.kind)) return null;
  const dismiss = () => {
    dismissBanner(sessionStorage, organizationId, banner.kind);
    setDismissals((n) => n + 1);
  };
  return (
    <section className="plan-banner" aria-labelledby={titleId}>
      <div className="plan-banner__body">
        <h2 id={titleId} className="plan-banner__title">
          {banner.title}
          {channelName && <span className="plan-banner__channel"> · {channelName}</span>}
        </h2>
        {banner.kind === "hours_reached" ? (
          <p className="plan-banner__text">
            {banner.text}. <BillingLink>See your plan</BillingLink>
          </p>
        ) : (
          <p className="plan-banner__text">
            <BillingLink>{banner.text}</BillingLink>{" "}
            <button
              type="button"
              className="link-button"
              disabled={plan.isFetching}
              onClick={() => void plan.refetch()}
            >
              Updated Plan? Click here to update page
            </button>
          </p>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={dismiss} aria-label={`Dismiss: ${banner.title}`}>
        Dismiss
      </Button>
    </section>
  );
}
