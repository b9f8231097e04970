import type { PaymentAccount } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "wouter";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { Spinner } from "../../ui/Spinner";
import { ManagedChannelPicker } from "../dashboard/channels/ManagedChannelPicker";
import {
  connectPaymentAccount,
  disconnectPaymentAccount,
  fetchPaymentAccount,
  paymentAccountKeys,
} from "./paymentAccountApi";
import "./payments.css";

const STATUS: Record<PaymentAccount["status"], string> = {
  none: "No payment account is connected. Ticket sales and contributions need one.",
  pending: "Connected, but the card provider's onboarding is not finished: no payments yet.",
  active: "Connected: ticket income and contributions go to this account.",
};

function ChannelPayments({ organizationId }: { organizationId: number }) {
  const queryClient = useQueryClient();
  const key = paymentAccountKeys.account(organizationId);
  const account = useQuery({ queryKey: key, queryFn: () => fetchPaymentAccount(organizationId) });
  const [confirming, setConfirming] = useState(false);
  const connect = useMutation({
    mutationFn: () => connectPaymentAccount(organizationId),
    // The provider's onboarding, or (TEST MODE) this page again with the account active.
    onSuccess: ({ url }) => {
      if (new URL(url).origin === window.location.origin)
        void queryClient.invalidateQueries({ queryKey: key });
      else window.location.assign(url);
    },
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectPaymentAccount(organizationId),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setConfirming(false);
    },
  });
  if (account.isPending) return <Spinner label="Loading the payment account…" />;
  if (!account.data) return <p role="alert">The payment account could not be loaded.</p>;
  const { status, accountId, testMode } = account.data;
  const error = connect.error ?? disconnect.error;
  return (
    <section className="payments" aria-labelledby="payments-account-title">
      {testMode && (
        <p className="payments__test-mode" role="note">
          <strong>TEST MODE</strong>: this server has no card provider configured (STRIPE_SECRET_KEY). A test
          account is connected at once and no real money moves.
        </p>
      )}
      <h3 id="payments-account-title">Payment account</h3>
      <p>{STATUS[status]}</p>
      {accountId && (
        <p className="payments__id">
          Account <code>{accountId}</code>
        </p>
      )}
      <div className="payments__actions">
        {status !== "active" && (
          <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
            {status === "none" ? "Connect a payment account" : "Finish onboarding"}
          </Button>
        )}
        {status !== "none" && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        )}
      </div>
      <FormError message={error ? failureText(error) : null} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect the payment account?"
        description="Ticket sales and contributions stop until a payment account is connected again. The account itself stays yours at the card provider."
      >
        <div className="payments__actions">
          <Button disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

/** /settings?tab=payments (issue 25 §4): a managed channel's payment account; `org` picks the channel. */
export function PaymentsTab() {
  const [params] = useSearchParams();
  return (
    <ManagedChannelPicker
      none="Only a channel's owner and admins manage its payment account."
      initialId={Number(params.get("org")) || null}
    >
      {(channel) => <ChannelPayments key={channel.id} organizationId={channel.id} />}
    </ManagedChannelPicker>
  );
}
