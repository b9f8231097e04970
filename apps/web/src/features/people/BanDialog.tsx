import { type BanChoice, banNeedsAccessConfirm, type EventAccess } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { banUser } from "./moderationApi";

/** Spec 1 §4 ban flow: select type, then confirm, then done. */
type Step = "select-type" | "confirm" | "done";

const CHOICES: { choice: BanChoice; label: string; hint: string }[] = [
  {
    choice: "shadow",
    label: "Ban in event (shadow ban)",
    hint: "They stay in the event; their messages and comments are hidden from everyone else.",
  },
  { choice: "remove", label: "Ban and remove", hint: "They are removed from this event at once." },
  {
    choice: "channel",
    label: "Ban from channel",
    hint: "They are removed from every event of this channel.",
  },
];

/** Spec 1 §5 ban confirm checkbox. */
const ACCESS_CONFIRM = "I understand this action will remove their access to free or purchased content.";

export interface BanTarget {
  userId: number;
  name: string;
}

export interface BanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: BanTarget;
  event: { id: number; organizationId: number; access: EventAccess };
  /** Only channel members may ban from the channel (docs/decisions.md). */
  mayBanFromChannel: boolean;
  onBanned: () => void;
}

/** Spec 1 §2 Ban dialog: step select-type 'Banning Options', step confirm-channel-ban 'Ban from Channel'. */
export function BanDialog({
  open,
  onOpenChange,
  target,
  event,
  mayBanFromChannel,
  onBanned,
}: BanDialogProps) {
  const id = useId();
  const [step, setStep] = useState<Step>("select-type");
  const [choice, setChoice] = useState<BanChoice>("remove");
  const [understood, setUnderstood] = useState(false);
  const ban = useMutation({
    mutationFn: () =>
      banUser({
        user_id: target.userId,
        event_id: event.id,
        organization_id: event.organizationId,
        ban_type: choice === "channel" ? "organization" : "event",
        shadow: choice === "shadow",
      }),
    onSuccess: () => {
      setStep("done");
      onBanned();
    },
  });
  const reset = (isOpen: boolean) => {
    if (!isOpen) {
      setStep("select-type");
      setUnderstood(false);
      ban.reset();
    }
    onOpenChange(isOpen);
  };
  const needsConfirm = banNeedsAccessConfirm({ access: event.access, choice });
  // Spec 1 §8: the failure messages of the ban and the channel ban.
  const failure =
    choice === "channel"
      ? "Failed to ban user from channel. Please try again."
      : "Failed to ban user. Please try again.";
  const choices = CHOICES.filter((c) => c.choice !== "channel" || mayBanFromChannel);

  if (step === "select-type") {
    return (
      <Dialog
        open={open}
        onOpenChange={reset}
        title="Banning Options"
        description={`How do you want to ban ${target.name}?`}
      >
        <fieldset className="ban-dialog__choices">
          <legend className="visually-hidden">Kind of ban</legend>
          {choices.map((c) => (
            <div key={c.choice} className="ban-dialog__choice">
              <input
                type="radio"
                id={`${id}-${c.choice}`}
                name={`${id}-choice`}
                checked={choice === c.choice}
                onChange={() => setChoice(c.choice)}
                aria-describedby={`${id}-${c.choice}-hint`}
              />
              <label htmlFor={`${id}-${c.choice}`}>{c.label}</label>
              <p id={`${id}-${c.choice}-hint`} className="ban-dialog__hint">
                {c.hint}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="ban-dialog__actions">
          <Button variant="secondary" onClick={() => reset(false)}>
            Cancel
          </Button>
          <Button onClick={() => setStep("confirm")}>Next</Button>
        </div>
      </Dialog>
    );
  }

  if (step === "confirm") {
    const chosen = CHOICES.find((c) => c.choice === choice);
    return (
      <Dialog
        open={open}
        onOpenChange={reset}
        title={choice === "channel" ? "Ban from Channel" : "Confirm Ban"}
        description={`${chosen?.label}: ${target.name}. ${chosen?.hint}`}
      >
        {needsConfirm && (
          <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
            {ACCESS_CONFIRM}
          </Checkbox>
        )}
        <FormError message={ban.isError ? failure : null} />
        <div className="ban-dialog__actions">
          <Button variant="secondary" onClick={() => setStep("select-type")}>
            Back
          </Button>
          <Button disabled={(needsConfirm && !understood) || ban.isPending} onClick={() => ban.mutate()}>
            Confirm Ban
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={reset} title="User banned" description={`${target.name} is banned.`}>
      <div className="ban-dialog__actions">
        <Button onClick={() => reset(false)}>Done</Button>
      </div>
    </Dialog>
  );
}
