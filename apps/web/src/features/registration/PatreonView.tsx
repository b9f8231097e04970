import { DEFAULT_CURRENCY, type EventPageData, formatMoney } from "@onstage/domain";
import { Button, buttonClassName } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import type { usePatronStatus } from "./usePatronStatus";

export interface PatreonViewProps {
  data: EventPageData;
  patron: ReturnType<typeof usePatronStatus>;
}

/** Spec 1 §2, §4: the membership gate, shown while the visitor's membership is not valid. */
export function PatreonView({ data, patron }: PatreonViewProps) {
  const { event } = data;
  // Patreon prices tiers in US dollars; the event's ticket currency is about tickets.
  const tier =
    event.patreonTierAmountCents === null
      ? null
      : formatMoney(event.patreonTierAmountCents, DEFAULT_CURRENCY);
  return (
    <div className="registration__step">
      <h3 className="registration__heading" tabIndex={-1} data-autofocus>
        Members only
      </h3>
      <p className="registration__text">
        {tier
          ? `This event is for members of ${event.organization.name} on Patreon who pledge at least ${tier} per month.`
          : `This event is for members of ${event.organization.name} on Patreon.`}
      </p>
      <div className="registration__actions">
        <Button fullWidth disabled={patron.isChecking} aria-busy={patron.isChecking} onClick={patron.check}>
          Check my membership
        </Button>
        {patron.subscribeUrl && (
          <a
            className={buttonClassName({ variant: "secondary", fullWidth: true })}
            href={patron.subscribeUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Become a member
          </a>
        )}
      </div>
      <FormError message={patron.refusal} />
    </div>
  );
}
