import { errorMessage } from "@onstage/domain";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { failureText } from "../../../api";
import { FormError } from "../../../ui/FormError";
import { ProgressBar } from "../../../ui/ProgressBar";
import { isAcceptablePhoto, PHOTO_TYPES } from "../../account-settings/photoFile";
import "../../../ui/TextField.css";
import "./form.css";

export interface ImageUploadFieldProps {
  label: string;
  /** What the progress bar says while the file goes up, e.g. 'Uploading cover photo'. */
  progressLabel: string;
  /** The current image (cover preview or avatar), shown above the input. */
  preview: ReactNode;
  upload: {
    mutate: (file: File) => void;
    reset: () => void;
    isPending: boolean;
    progress: number;
    error: unknown;
  };
}

/** A PNG or JPEG file input with a progress bar; a wrong file is refused before it is sent. */
export function ImageUploadField({ label, progressLabel, preview, upload }: ImageUploadFieldProps) {
  const id = useId();
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
    <div className="field image-upload">
      {preview}
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="image-upload__input"
        accept={PHOTO_TYPES.join(",")}
        aria-describedby={`${id}-hint`}
        disabled={upload.isPending}
        onChange={choose}
      />
      <p id={`${id}-hint`} className="field__hint">
        PNG or JPEG, at most 10 MB.
      </p>
      {upload.isPending && <ProgressBar label={progressLabel} fraction={upload.progress} />}
      <FormError message={error} />
    </div>
  );
}
