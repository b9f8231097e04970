import { canManageChannel, type DashChannelEntry, PatreonCampaignId } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { useUpdateChannel } from "../useChannels";

/**
 * Issue 29 §5: the channel's Patreon campaign, whose patrons the membership gate lets register. No form
 * of its own: the event editor's details form holds it, so Enter saves the campaign alone.
 */
export function PatreonCampaignField({ entry }: { entry: DashChannelEntry }) {
  const { channel } = entry;
  const update = useUpdateChannel(channel.id);
  const saved = channel.patreonCampaignId ?? "";
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  if (!canManageChannel(entry.role)) {
    return (
      <p className="field__hint">
        {saved
          ? `Patrons of the channel's Patreon campaign (${saved}) may register.`
          : "No Patreon campaign is connected: the channel's owner or an admin connects one in its settings."}
      </p>
    );
  }
  const save = () => {
    const typed = value.trim();
    const parsed = typed === "" ? null : PatreonCampaignId.safeParse(typed);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid campaign ID");
    const patreonCampaignId = parsed ? parsed.data : null;
    update.mutate(
      { patreonCampaignId },
      {
        onSuccess: () =>
          toast.success(patreonCampaignId ? "Patreon campaign connected" : "Patreon campaign disconnected", {
            durationMs: DEFAULT_TOAST_MS,
          }),
      },
    );
  };
  return (
    <div className="patreon-campaign">
      <TextField
        label="Patreon campaign ID"
        inputMode="numeric"
        hint="The number Patreon gives the channel's campaign. Its patrons may register for the channel's membership events; leave it empty to disconnect."
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
          update.reset();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          save();
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={update.isPending || value.trim() === saved}
        onClick={save}
      >
        {saved === "" ? "Connect campaign" : "Save campaign"}
      </Button>
      <FormError message={update.error ? failureText(update.error) : null} />
    </div>
  );
}
