import {
  DONATION_STATUS_POLL_MS,
  donationAmountRefusal,
  donationCents,
  errorMessage,
  formatMoney,
  roundedDonation,
} from "@onstage/domain";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { checkStatus, createDonationLink, donationKeys } from "./donationsApi";
import "./donations.css";

export interface ContributionOffer {
  elementId: number | null;
  label: string;
  /** The prompt as it reads ('Thank you' when the host left it empty). */
  prompt: string;
  currency: string;
}

type Step =
  | { step: "amount" }
  | { step: "paying"; link: string; reference: string; amountCents: number; opened: boolean }
  | { step: "paid"; amountCents: number }
  | { step: "failed" };

/** Spec 2 §4: on iOS the payment is a link the viewer follows (a window opened later is blocked there). */
const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);

/**
 * Spec 2 §4 donation: the viewer enters an amount; the payment opens in another window (a link on iOS);
 * check-status is polled each second until the payment is through, then the thanks show. A failed or
 * abandoned payment says so plainly and lets the viewer try again.
 */
export function DonateDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: ContributionOffer;
  sessionId: number;
  userId: number | null;
}) {
  const [state, setState] = useState<Step>({ step: "amount" });
  const close = (open: boolean) => {
    props.onOpenChange(open);
    if (!open && state.step !== "paying") setState({ step: "amount" });
  };
  return (
    <Dialog open={props.open} onOpenChange={close} title={props.offer.label} description={props.offer.prompt}>
      <div className="donate">
        {props.userId === null ? (
          <p>Sign in to contribute.</p>
        ) : state.step === "amount" ? (
          <AmountForm {...props} userId={props.userId} onOpened={setState} />
        ) : state.step === "paying" ? (
          <Paying state={state} currency={props.offer.currency} onDone={setState} />
        ) : state.step === "paid" ? (
          <p role="status">
            <strong>Thank you!</strong> Your contribution of{" "}
            {formatMoney(state.amountCents, props.offer.currency)} went through.
          </p>
        ) : (
          <>
            <p role="alert">Your payment did not go through, and nothing was charged.</p>
            <Button onClick={() => setState({ step: "amount" })}>Try again</Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

function AmountForm(props: {
  offer: ContributionOffer;
  sessionId: number;
  userId: number;
  onOpened: (step: Step) => void;
}) {
  const [amount, setAmount] = useState("");
  const refusal = amount.trim() === "" ? null : donationAmountRefusal(amount);
  const create = useMutation({
    mutationFn: (value: number) =>
      createDonationLink({
        userId: props.userId,
        sessionId: props.sessionId,
        amount: value,
        elementId: props.offer.elementId,
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = roundedDonation(amount);
    if (value === null || donationAmountRefusal(amount)) return;
    // Opened now, while the click still counts: a window opened after the answer would be blocked.
    const popup = isIos() ? null : window.open("", "_blank");
    create.mutate(value, {
      onSuccess: ({ donationLink, client_reference_id }) => {
        if (popup) {
          popup.opener = null;
          popup.location.href = donationLink;
        }
        props.onOpened({
          step: "paying",
          link: donationLink,
          reference: client_reference_id,
          amountCents: donationCents(value),
          opened: popup !== null,
        });
      },
      onError: () => popup?.close(),
    });
  };
  return (
    <form className="donate" onSubmit={submit} noValidate>
      <TextField
        label={`Amount (${props.offer.currency})`}
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          create.reset();
        }}
        error={refusal ? errorMessage(refusal) : null}
      />
      <FormError message={create.error ? failureText(create.error) : null} />
      <Button type="submit" disabled={amount.trim() === "" || refusal !== null || create.isPending}>
        {create.isPending ? "Opening the payment…" : "Continue to payment"}
      </Button>
    </form>
  );
}

function Paying(props: {
  state: Extract<Step, { step: "paying" }>;
  currency: string;
  onDone: (step: Step) => void;
}) {
  const { state } = props;
  const status = useQuery({
    queryKey: donationKeys.status(state.reference),
    queryFn: async () => {
      const answer = await checkStatus(state.reference);
      if (answer.transaction_status === "paid")
        props.onDone({ step: "paid", amountCents: state.amountCents });
      else if (answer.transaction_status !== "pending") props.onDone({ step: "failed" });
      return answer;
    },
    refetchInterval: DONATION_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
  return (
    <>
      <p>
        {state.opened
          ? `Finish paying ${formatMoney(state.amountCents, props.currency)} in the other window; this updates by itself.`
          : `Open the payment page to pay ${formatMoney(state.amountCents, props.currency)}; this updates by itself.`}
      </p>
      <a href={state.link} target="_blank" rel="noopener noreferrer">
        {state.opened ? "Open the payment page again" : "Open the payment page"}
      </a>
      {status.error ? (
        <FormError message={failureText(status.error)} />
      ) : (
        <Spinner label="Waiting for your payment…" />
      )}
      <Button variant="ghost" onClick={() => props.onDone({ step: "amount" })}>
        Back
      </Button>
    </>
  );
}
