import { BIO_MAX_CHARS, type CurrentUser, errorMessage, nameRefusal } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useUpdateProfile } from "../account/useAccountMutations";
import { SavedNote, SettingsSection } from "./SettingsSection";

const refusalText = (value: string, which: "first" | "last") => {
  const refusal = nameRefusal(value, which);
  return refusal ? errorMessage(refusal) : null;
};

export function ProfileSection({ user }: { user: CurrentUser }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [bio, setBio] = useState(user.bio ?? "");
  const [isChecked, setChecked] = useState(false);
  const update = useUpdateProfile();
  const firstError = isChecked ? refusalText(firstName, "first") : null;
  const lastError = isChecked ? refusalText(lastName, "last") : null;
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    update.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (refusalText(firstName, "first") || refusalText(lastName, "last")) return;
    update.mutate({ firstName: firstName.trim(), lastName: lastName.trim(), bio });
  };
  return (
    <SettingsSection title="Profile">
      <form onSubmit={submit} noValidate>
        <TextField
          label="First name"
          autoComplete="given-name"
          value={firstName}
          error={firstError}
          onChange={(event) => edit(setFirstName)(event.target.value)}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          error={lastError}
          onChange={(event) => edit(setLastName)(event.target.value)}
        />
        <TextAreaField
          label="Bio"
          value={bio}
          maxLength={BIO_MAX_CHARS}
          onChange={(event) => edit(setBio)(event.target.value)}
        />
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
        <FormError message={update.error ? failureText(update.error) : null} />
        <SavedNote text={update.isSuccess ? "Profile saved" : null} />
      </form>
    </SettingsSection>
  );
}
