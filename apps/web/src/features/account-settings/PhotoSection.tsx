import type { CurrentUser } from "@onstage/domain";
import { Avatar } from "../../ui/Avatar";
import { FormError } from "../../ui/FormError";
import { ProgressBar } from "../../ui/ProgressBar";
import "../../ui/TextField.css";
import { usePhotoInput } from "../../lib/usePhotoInput";
import { displayName } from "../account/UserMenu";
import { SavedNote, SettingsSection } from "./SettingsSection";
import { usePhotoUpload } from "./useAccountSettings";

export function PhotoSection({ user }: { user: CurrentUser }) {
  const upload = usePhotoUpload();
  const { inputProps, hintId, error } = usePhotoInput(upload);
  return (
    <SettingsSection title="Photo">
      <div className="settings-photo">
        <Avatar name={displayName(user)} src={user.profilePhoto} size="lg" />
        <div>
          <label htmlFor={inputProps.id} className="field__label">
            Upload a new photo
          </label>
          <input {...inputProps} className="settings-photo__input" />
          <p id={hintId} className="field__hint">
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
