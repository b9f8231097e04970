import { useMutation } from "@tanstack/react-query";
import { useState } from "react";

/** An upload with its progress (0 to 1) for the progress bar, reset at each new file. */
export function useImageUpload<T>(
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<T>,
  onSuccess: (answer: T) => void,
) {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return upload(file, setProgress);
    },
    onSuccess,
  });
  return { ...mutation, progress };
}
