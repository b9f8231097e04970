import { brandImageRefusal, brandOf, errorMessage, isBrandColor, type StudioResponse } from "@onstage/domain";
import { useId, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { ProgressBar } from "../../ui/ProgressBar";
import { toast } from "../../ui/toast";
import { createElement, deleteElement, uploadBrandImage } from "./studioApi";
import { useStudioChange } from "./useStudioChange";

const IMAGE_TYPES = ".png,.jpg,.jpeg,image/png,image/jpeg";

/** Spec 3 §2, §3: the logo, the background and the primary colour, on the stage and in the program. */
export function BrandSection({ studio, greenroom }: { studio: StudioResponse; greenroom: React.ReactNode }) {
  const brand = brandOf(studio.elements);
  return (
    <>
      <ColourPicker sessionId={studio.sessionId} colour={brand.color} />
      <BrandImage
        sessionId={studio.sessionId}
        kind="logo"
        label="Logo"
        url={brand.logoUrl}
        elementId={elementIdOf(studio, "logo")}
      />
      <BrandImage
        sessionId={studio.sessionId}
        kind="background"
        label="Background"
        url={brand.backgroundUrl}
        elementId={elementIdOf(studio, "background")}
      />
      {greenroom}
    </>
  );
}

const elementIdOf = (studio: StudioResponse, type: "logo" | "background") =>
  studio.elements.find((e) => e.type === type)?.id ?? null;

function ColourPicker({ sessionId, colour }: { sessionId: number; colour: string }) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const save = useStudioChange(sessionId, (value: string) =>
    createElement({ sessionId, type: "primary_color", title: "primary-color", value }),
  );
  const commit = (value: string) => {
    setTyped(null);
    if (value.toUpperCase() !== colour.toUpperCase() && isBrandColor(value)) save.mutate(value);
  };
  const shown = typed ?? colour;
  return (
    <div className="studio-field">
      <label htmlFor={id}>Primary colour</label>
      <div className="studio-row">
        <input
          type="color"
          aria-label="Pick the primary colour"
          value={isBrandColor(shown) ? shown.toLowerCase() : colour.toLowerCase()}
          onChange={(e) => commit(e.target.value)}
        />
        <input
          id={id}
          value={shown}
          maxLength={7}
          aria-invalid={isBrandColor(shown) ? undefined : true}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => typed !== null && commit(typed)}
          onKeyDown={(e) => e.key === "Enter" && typed !== null && commit(typed)}
        />
      </div>
      {!isBrandColor(shown) && <p className="studio-hint">{errorMessage("bad_brand_color")}</p>}
    </div>
  );
}

/** An upload with its progress; the picture shows once stored (spec 3 §5: png, jpg, jpeg; 10 MB). */
function BrandImage(props: {
  sessionId: number;
  kind: "logo" | "background";
  label: string;
  url: string | null;
  /** The stored image's element, which Remove deletes. */
  elementId: number | null;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useStudioChange(props.sessionId, (file: File) =>
    uploadBrandImage(props.sessionId, props.kind, file, setProgress),
  );
  const remove = useStudioChange(props.sessionId, (elementId: number) => deleteElement(elementId));
  const { elementId } = props;
  const choose = (files: FileList | null) => {
    const list = [...(files ?? [])];
    const refusal = brandImageRefusal(list);
    if (refusal) return toast.error(errorMessage(refusal), { durationMs: 5_000 });
    const [file] = list;
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSettled: () => setProgress(null),
      onError: (error) => console.warn(`${props.kind} upload failed: ${failureText(error)}`),
    });
  };
  return (
    <div className="studio-field">
      <label htmlFor={id}>{props.label}</label>
      {props.url && (
        <div className="studio-row">
          <img
            className={`studio-brand-image studio-brand-image--${props.kind}`}
            src={props.url}
            alt={`Current ${props.kind}`}
          />
          {elementId !== null && (
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending || progress !== null}
              onClick={() => remove.mutate(elementId)}
              aria-label={`Remove the ${props.kind}`}
            >
              Remove
            </Button>
          )}
        </div>
      )}
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        disabled={progress !== null}
        onChange={(e) => {
          choose(e.target.files);
          e.target.value = "";
        }}
      />
      {progress !== null && <ProgressBar label={`Uploading the ${props.kind}`} fraction={progress} />}
    </div>
  );
}
