import type { EventAccess } from "@onstage/domain";
import { TextField } from "../../../ui/TextField";
import { RadioGroup } from "../form/RadioGroup";
import { ACCESS_LABELS } from "../labels";
import type { DetailsDraft } from "./detailsDraft";

// Spec 1 §3 access: open, registration required, ticketed, patreon (membership-gated).
const ACCESS_OPTIONS: { value: EventAccess; label: string; hint: string }[] = [
  { value: "open", label: ACCESS_LABELS.open, hint: "Anyone with the link goes straight into the event." },
  {
    value: "registration_required",
    label: ACCESS_LABELS.registration_required,
    hint: "Visitors sign in and register, answering your questions.",
  },
  {
    value: "ticketed",
    label: ACCESS_LABELS.ticketed,
    hint: "Visitors choose a ticket (free or paid) to register.",
  },
  {
    value: "patreon",
    label: ACCESS_LABELS.patreon,
    hint: "Only patrons pledging at least the tier amount may register.",
  },
];

export interface AccessFieldsProps {
  draft: DetailsDraft;
  onChange: (patch: Partial<DetailsDraft>) => void;
}

export function AccessFields({ draft, onChange }: AccessFieldsProps) {
  return (
    <>
      <RadioGroup
        legend="Access"
        value={draft.access}
        options={ACCESS_OPTIONS}
        onChange={(access) => onChange({ access })}
      />
      {draft.access === "patreon" && (
        <TextField
          label="Membership tier amount"
          inputMode="decimal"
          hint="The least a patron must pledge per month, e.g. 5.00."
          value={draft.patreonTier}
          onChange={(e) => onChange({ patreonTier: e.target.value })}
        />
      )}
    </>
  );
}
