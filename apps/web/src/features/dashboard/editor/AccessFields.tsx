import type { EventAccess } from "@onstage/domain";
import { TextField } from "../../../ui/TextField";
import { PatreonCampaignField } from "../channels/PatreonCampaignField";
import { RadioGroup } from "../form/RadioGroup";
import { ACCESS_LABELS } from "../labels";
import { useDashChannel } from "../useChannels";
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
  /** The event's channel, whose Patreon campaign a membership gate checks. */
  channelId: number;
  draft: DetailsDraft;
  onChange: (patch: Partial<DetailsDraft>) => void;
}

export function AccessFields({ channelId, draft, onChange }: AccessFieldsProps) {
  // Absent for an event host who is not in the channel's team: the campaign is the channel's business.
  const channel = useDashChannel(channelId).data;
  return (
    <>
      <RadioGroup
        legend="Access"
        value={draft.access}
        options={ACCESS_OPTIONS}
        onChange={(access) => onChange({ access })}
      />
      {draft.access === "patreon" && (
        <>
          <TextField
            label="Membership tier amount"
            inputMode="decimal"
            hint="The least a patron must pledge per month, e.g. 5.00."
            value={draft.patreonTier}
            onChange={(e) => onChange({ patreonTier: e.target.value })}
          />
          {channel && <PatreonCampaignField entry={channel} />}
        </>
      )}
    </>
  );
}
