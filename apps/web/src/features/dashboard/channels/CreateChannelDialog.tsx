import { channelNameRefusal, errorMessage, ORGANIZATION_NAME_MAX_CHARS } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { useCreateChannel } from "../useChannels";
import { HandleField } from "./HandleField";

/** A handle suggested from the name until the host types their own. */
function suggestedHandle(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|-+$/g, "")
    .slice(0, 40);
}

export function CreateChannelDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateChannel();
  const [name, setName] = useState("");
  const [typedHandle, setTypedHandle] = useState<string | null>(null);
  const [isChecked, setChecked] = useState(false);
  const handle = (typedHandle ?? suggestedHandle(name)).toLowerCase();
  // Live validation: the handle is checked as it is typed, the name once the host tries to submit.
  const handleError =
    (typedHandle !== null || isChecked) && channelNameRefusal(handle)
      ? errorMessage("invalid_channel_name")
      : null;
  const nameError = isChecked && name.trim() === "" ? "Please enter a channel name" : null;
  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setName("");
    setTypedHandle(null);
    setChecked(false);
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (name.trim() === "" || channelNameRefusal(handle)) return;
    create.mutate(
      { name: name.trim(), channelName: handle },
      {
        onSuccess: (entry) => {
          toast.success(`Channel ${entry.channel.name} created`, { durationMs: DEFAULT_TOAST_MS });
          close(false);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create channel"
      description="A channel hosts your events. You become its owner and can invite your team."
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Channel name"
          value={name}
          maxLength={ORGANIZATION_NAME_MAX_CHARS}
          error={nameError}
          data-autofocus
          onChange={(event) => {
            setName(event.target.value);
            create.reset();
          }}
        />
        <HandleField
          value={handle}
          error={handleError}
          onChange={(value) => {
            setTypedHandle(value);
            create.reset();
          }}
        />
        <FormError message={create.error ? failureText(create.error) : null} />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create channel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
