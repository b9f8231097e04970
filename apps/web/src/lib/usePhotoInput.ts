import { errorMessage } from "@onstage/domain";
import { type ChangeEvent, useId, useState } from "react";
import { failureText } from "../api";
import { isAcceptablePhoto, PHOTO_TYPES } from "./photoFile";

/** The part of an upload mutation a photo input needs. */
export interface PhotoUpload {
  mutate: (file: File) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * A PNG or JPEG file input (cover, channel avatar, profile photo): a wrong file is refused before it is
 * sent. Gives the input's props, the id of its hint, and the error to show.
 */
export function usePhotoInput(upload: PhotoUpload) {
  const id = useId();
  const hintId = `${id}-hint`;
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
  const inputProps = {
    id,
    type: "file",
    accept: PHOTO_TYPES.join(","),
    "aria-describedby": hintId,
    disabled: upload.isPending,
    onChange: choose,
  };
  return { inputProps, hintId, error };
}
