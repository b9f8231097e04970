import { errorMessage } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureText } from "../../api";
import { FormError } from "../../ui/FormError";
import { ProgressBar } from "../../ui/ProgressBar";

/**
 * A studio section's file upload (slides, videos): a type outside `extensions` is refused before anything
 * is sent (spec 3 §5 logs 'file type not allowed'); the upload shows its progress; the section's list is
 * read again after it.
 */
export function StudioUpload(props: {
  label: string;
  extensions: readonly string[];
  isAllowed: (fileName: string) => boolean;
  /** The catalogue code that names the allowed types. */
  typeRefusal: string;
  listKey: readonly unknown[];
  send: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [typeRefused, setTypeRefused] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => props.send(file, setProgress),
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: props.listKey, exact: true });
    },
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const refused = !props.isAllowed(file.name);
    setTypeRefused(refused);
    if (refused) console.warn("file type not allowed");
    else upload.mutate(file);
  };
  return (
    <>
      <div className="studio-field">
        <label htmlFor={`${id}-file`}>{props.label}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={props.extensions.map((e) => `.${e}`).join(",")}
          disabled={upload.isPending}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      {progress !== null && <ProgressBar label="Uploading…" fraction={progress} />}
      <FormError
        message={
          typeRefused ? errorMessage(props.typeRefusal) : upload.error ? failureText(upload.error) : null
        }
      />
    </>
  );
}
