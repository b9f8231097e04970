import { DASH_LIMITS, type DashChannel, ORGANIZATION_NAME_MAX_CHARS } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Avatar } from "../../../ui/Avatar";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { TextAreaField } from "../../../ui/TextAreaField";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { SettingsSection } from "../../account-settings/SettingsSection";
import { ImageUploadField } from "../form/ImageUploadField";
import { useChannelAvatar, useUpdateChannel } from "../useChannels";

/** The channel's name, description and avatar. The handle is its address, so it stays as created. */
export function ChannelDetailsSection({ channel }: { channel: DashChannel }) {
  const update = useUpdateChannel(channel.id);
  const avatar = useChannelAvatar(channel.id);
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description ?? "");
  const [isChecked, setChecked] = useState(false);
  const nameError = isChecked && name.trim() === "" ? "Please enter a channel name" : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (name.trim() === "") return;
    update.mutate(
      { name: name.trim(), description: description.trim() === "" ? null : description },
      { onSuccess: () => toast.success("Channel saved", { durationMs: DEFAULT_TOAST_MS }) },
    );
  };
  return (
    <>
      <SettingsSection title="Channel details">
        <form onSubmit={submit} noValidate>
          <TextField
            label="Channel name"
            value={name}
            maxLength={ORGANIZATION_NAME_MAX_CHARS}
            error={nameError}
            onChange={(event) => {
              setName(event.target.value);
              update.reset();
            }}
          />
          <TextField
            label="Channel handle"
            value={`@${channel.channelName}`}
            readOnly
            hint="The handle is the channel's address and cannot change."
          />
          <TextAreaField
            label="Description"
            value={description}
            maxLength={DASH_LIMITS.channelDescriptionMaxChars}
            onChange={(event) => setDescription(event.target.value)}
          />
          <Button type="submit" disabled={update.isPending}>
            Save channel
          </Button>
          <FormError message={update.error ? failureText(update.error) : null} />
        </form>
      </SettingsSection>
      <SettingsSection title="Avatar">
        <ImageUploadField
          label="Upload a channel avatar"
          progressLabel="Uploading avatar"
          preview={<Avatar name={channel.name} src={channel.profileImage} size="lg" />}
          upload={{
            ...avatar,
            mutate: (file: File) =>
              avatar.mutate(file, {
                onSuccess: () => toast.success("Avatar updated", { durationMs: DEFAULT_TOAST_MS }),
              }),
          }}
        />
      </SettingsSection>
    </>
  );
}
