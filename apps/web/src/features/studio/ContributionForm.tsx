import {
  CONTRIBUTION_PROMPT_MAX_CHARS,
  contributionOfferRefusal,
  DEFAULT_CONTRIBUTION_PROMPT,
  errorMessage,
} from "@onstage/domain";
import { useId, useMemo, useState } from "react";
import { Link } from "wouter";
import { currencyOptions } from "../../lib/currencies";
import { CtaLabelField, StudioForm } from "./StudioForm";

export interface Contribution {
  label: string;
  prompt: string;
  currency: string;
}

/**
 * Spec 3 §5 contribution CTA: a label (required), a prompt (optional: 'Thank you') and a currency (the
 * event's ticket currency by default). Without the channel's connected payment account it says so, with
 * the way to /settings, and adds nothing.
 */
export function ContributionForm(props: {
  initial?: Contribution;
  defaultCurrency: string;
  accountConnected: boolean;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (contribution: Contribution) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [label, setLabel] = useState(props.initial?.label ?? "");
  const [prompt, setPrompt] = useState(props.initial?.prompt ?? "");
  const [currency, setCurrency] = useState(props.initial?.currency ?? props.defaultCurrency);
  const currencies = useMemo(currencyOptions, []);
  if (!props.accountConnected && !props.initial)
    return (
      <p className="studio-error" role="status">
        {errorMessage("payment_account_required")}: <Link href="/settings?tab=payments">Settings</Link>
      </p>
    );
  const canSave = contributionOfferRefusal({ label, prompt, currency }) === null && !props.isPending;
  return (
    <StudioForm
      submitLabel={props.submitLabel}
      canSubmit={canSave}
      onSubmit={() =>
        void props.onSubmit({ label, prompt, currency }).then(() => {
          if (props.initial) return;
          setLabel("");
          setPrompt("");
        })
      }
      onCancel={props.onCancel}
    >
      <CtaLabelField id={`${id}-label`} value={label} onChange={setLabel} />
      <div className="studio-field">
        <label htmlFor={`${id}-prompt`}>Prompt (optional)</label>
        <input
          id={`${id}-prompt`}
          value={prompt}
          placeholder={DEFAULT_CONTRIBUTION_PROMPT}
          maxLength={CONTRIBUTION_PROMPT_MAX_CHARS}
          onChange={(e) => setPrompt(e.target.value)}
        />
      </div>
      <div className="studio-field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
          {currencies.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </StudioForm>
  );
}
