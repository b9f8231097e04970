import { type CurrentUser, errorMessage } from "@onstage/domain";
import { type ChangeEvent, useId, useState } from "react";
import { failureText } from "../../api";
import { Avatar } from "../../ui/Avatar";
import { FormError } from "../../ui/FormError";
import { ProgressBar } from "../../ui/ProgressBar";
import "../../ui/TextField.css";
import { displayName } from "../account/UserMenu";
import { isAcceptablePhoto, PHOTO_TYPES } from "./photoFile";
import { SavedNote, SettingsSection } from "./SettingsSection";
import { usePhotoUpload } from "./useAccountSettings";

export function PhotoSection({ user }: { user: CurrentUser }) {
  const inputId = useId();
  const upload = usePhotoUpload();
  const [isRefused, setRefused] = useState(false);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    upload.reset();
    setRefused(!isAcceptablePhoto(file));
    if (isAcceptablePhoto(file)) upload.mutate(file);
  };
  const error = isRefused ? errorMessage("invalid_image") : upload.error ? failureText(upload.error) : null;
  return (
    <SettingsSection title="Photo">
      <div className="settings-photo">
        <Avatar name={displayName(user)} src={user.profilePhoto} size="lg" />
        <div>
          <label htmlFor={inputId} className="field__label">
            Upload a new photo
          </label>
          <input
            id={inputId}
            type="file"
            className="settings-photo__input"
            accept={PHOTO_TYPES.join(",")}
            aria-describedby={`${inputId}-hint`}
            disabled={upload.isPending}
            onChange={choose}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            PNG or JPEG, at most 10 MB.
          </p>
        </div>
      </div>
      {upload.isPending && <ProgressBar label="Uploading photo" fraction={upload.progress} />}
      <FormError message={error} />
      <SavedNote text={upload.isSuccess ? "Photo updated" : null} />
    </SettingsSection>
  );
}
