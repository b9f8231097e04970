import type { ReactNode } from "react";
import { type PhotoUpload, usePhotoInput } from "../../../lib/usePhotoInput";
import { FormError } from "../../../ui/FormError";
import { ProgressBar } from "../../../ui/ProgressBar";
import "../../../ui/TextField.css";
import "./form.css";

export interface ImageUploadFieldProps {
  label: string;
  /** What the progress bar says while the file goes up, e.g. 'Uploading cover photo'. */
  progressLabel: string;
  /** The current image (cover preview or avatar), shown above the input. */
  preview: ReactNode;
  upload: PhotoUpload & { progress: number };
}

/** A PNG or JPEG file input with a progress bar; a wrong file is refused before it is sent. */
export function ImageUploadField({ label, progressLabel, preview, upload }: ImageUploadFieldProps) {
  const { inputProps, hintId, error } = usePhotoInput(upload);
  return (
    <div className="field image-upload">
      {preview}
      <label htmlFor={inputProps.id} className="field__label">
        {label}
      </label>
      <input {...inputProps} className="image-upload__input" />
      <p id={hintId} className="field__hint">
        PNG or JPEG, at most 10 MB.
      </p>
      {upload.isPending && <ProgressBar label={progressLabel} fraction={upload.progress} />}
      <FormError message={error} />
    </div>
  );
}
