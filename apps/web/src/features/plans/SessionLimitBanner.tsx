import type { RoomResponse } from "@onstage/domain";
import { useId } from "react";
import { useNow } from "../../lib/useNow";
import { BillingLink } from "./BillingLink";
import { runtimeNotice } from "./runtimeNotice";
import { usePlanDetails } from "./usePlanDetails";
import "./plans.css";

/** Often enough that the warning shows within seconds of the 10-minute mark. */
const TICK_MS = 5_000;

const clockTime = (at: number) => new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(at);

/**
 * Spec 2 §8: 'Session limit approaching', with a link to update the plan, for owner or admin (the
 * caller checks); then 'Session limit reached' once the server ended the live at its maximum.
 */
export function SessionLimitBanner({ room }: { room: RoomResponse }) {
  const titleId = useId();
  const plan = usePlanDetails(room.session.organizationId);
  const now = useNow(TICK_MS);
  const maxRuntimeHours = plan.data?.sessionMaxRuntimeHours ?? null;
  const notice = runtimeNotice({ state: room.session.state, stream: room.stream, maxRuntimeHours, now });
  if (!notice) return null;
  const reached = notice.kind === "reached";
  return (
    <section className="plan-banner" aria-labelledby={titleId}>
      <div className="plan-banner__body">
        <h2 id={titleId} className="plan-banner__title">
          {reached ? "Session limit reached" : "Session limit approaching"}
        </h2>
        <p className="plan-banner__text">
          {reached
            ? `The live ended at its maximum runtime of ${maxRuntimeHours} hrs.`
            : `The live ends at ${clockTime(notice.endsAt)}, its maximum runtime of ${maxRuntimeHours} hrs.`}{" "}
          <BillingLink>Update your plan</BillingLink>
        </p>
      </div>
    </section>
  );
}
