import { CHECKOUT_MAX_QUANTITY, type EventPageData, type Ticket } from "@onstage/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { OrderSummary } from "./OrderSummary";
import { chosenTicket, needsCheckout, orderTotals, slidingAmountCents, slidingAmountError } from "./order";
import { PromoCodeField } from "./PromoCodeField";
import { CustomQuestionFields } from "./questions/CustomQuestionFields";
import { SlidingAmountField } from "./SlidingAmountField";
import { TicketList } from "./TicketList";
import type { RegistrationFlow } from "./useRegistrationFlow";

const QUANTITIES = Array.from({ length: CHECKOUT_MAX_QUANTITY }, (_, index) => index + 1);

/** Spec 1 §2, §4: the ticket-options view of a ticketed event, with the questions and the checkout. */
export function TicketOptionsView({ flow, data }: { flow: RegistrationFlow; data: EventPageData }) {
  const { event, tickets } = data;
  const currency = event.eventTicketCurrency;
  const { order } = flow;
  const ticket = chosenTicket(tickets, order);
  const [isAmountChecked, setAmountChecked] = useState(false);
  const quantityId = useId();
  const amountError = ticket && isAmountChecked ? slidingAmountError(ticket, order, currency) : null;
  const totals = ticket ? orderTotals(ticket, order) : null;
  const isPaid = ticket !== null && needsCheckout(ticket);

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!ticket) return;
    setAmountChecked(true);
    if (slidingAmountError(ticket, order, currency)) return;
    if (!needsCheckout(ticket)) return flow.registerNow(ticket.id);
    flow.checkout(
      checkoutOrder(ticket, order.quantity, slidingAmountCents(ticket, order), order.coupon?.name),
    );
  };
  return (
    <form className="registration__step" onSubmit={submit} noValidate>
      <h3 className="registration__heading" tabIndex={-1} data-autofocus>
        Choose your ticket
      </h3>
      <TicketList
        tickets={tickets}
        currency={currency}
        chosenId={order.ticketId}
        onChoose={(ticketId) => {
          flow.setOrder({ ticketId, quantity: 1 });
          setAmountChecked(false);
        }}
      />
      {ticket?.price.type === "sliding" && (
        <SlidingAmountField
          ticket={ticket}
          currency={currency}
          value={order.amountText}
          error={amountError}
          onChange={(amountText) => flow.setOrder({ amountText })}
        />
      )}
      {isPaid && (
        <div className="field">
          <label className="field__label" htmlFor={quantityId}>
            Quantity
          </label>
          <select
            id={quantityId}
            className="field__input"
            value={order.quantity}
            onChange={(changeEvent) => flow.setOrder({ quantity: Number(changeEvent.target.value) })}
          >
            {QUANTITIES.map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
        </div>
      )}
      {isPaid && (
        <PromoCodeField
          eventId={event.id}
          code={order.couponCode}
          coupon={order.coupon}
          onCodeChange={(couponCode) => flow.setOrder({ couponCode })}
          onApplied={(coupon) => flow.setOrder({ coupon, couponCode: coupon?.name ?? order.couponCode })}
        />
      )}
      {isPaid && totals && <OrderSummary totals={totals} coupon={order.coupon} currency={currency} />}
      <CustomQuestionFields
        fields={flow.fields}
        answers={flow.answers}
        missingIds={flow.missingIds}
        onChange={flow.answer}
      />
      <Button type="submit" fullWidth size="lg" disabled={ticket === null}>
        {isPaid && totals && totals.totalCents > 0 ? "Continue to checkout" : "Register"}
      </Button>
      <FormError message={flow.formError} />
    </form>
  );
}

/** Spec 1 §7 create-checkout-session: a sliding ticket's chosen amount travels as ticket_cost. */
function checkoutOrder(
  ticket: Ticket,
  quantity: number,
  amountCents: number | null,
  coupon: string | undefined,
) {
  const isSliding = ticket.price.type === "sliding";
  return {
    ticket_id: ticket.id,
    quantity,
    ticket_cost: isSliding ? (amountCents ?? undefined) : undefined,
    coupon,
    // Spec 1 §7 allowZeroDonation: a pay-what-you-want ticket whose minimum is zero may be taken for 0.
    allowZeroDonation: isSliding && ticket.price.value === 0 ? true : undefined,
  };
}
