import {
  characterCounter,
  errorMessage,
  TITLE_OVERLAY_SUBTITLE_MAX_CHARS,
  TITLE_OVERLAY_TITLE_MAX_CHARS,
} from "@onstage/domain";
import { useId, useState } from "react";
import { StudioForm } from "./StudioForm";

/** A limited text input with its live counter, red at the limit (spec 3 §5). */
function CountedField(props: {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const counter = characterCounter(props.value, props.max);
  return (
    <div className="studio-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        value={props.value}
        maxLength={props.max}
        aria-describedby={`${id}-count`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <span
        id={`${id}-count`}
        className={`studio-field__count${counter.atLimit ? " studio-field__count--full" : ""}`}
      >
        {counter.label}
      </span>
    </div>
  );
}

/** Spec 3 §4, §5: a title overlay's title (at most 32) and subtitle (at most 45); no title, no save. */
export function OverlayForm(props: {
  initial?: { title: string; subtitle: string };
  submitLabel: string;
  isPending: boolean;
  onSubmit: (overlay: { title: string; subtitle: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(props.initial?.title ?? "");
  const [subtitle, setSubtitle] = useState(props.initial?.subtitle ?? "");
  const hasTitle = title.trim().length > 0;
  return (
    <StudioForm
      submitLabel={props.submitLabel}
      canSubmit={hasTitle && !props.isPending}
      onSubmit={() =>
        void props.onSubmit({ title, subtitle }).then(() => {
          if (props.initial) return;
          setTitle("");
          setSubtitle("");
        })
      }
      onCancel={props.onCancel}
    >
      <CountedField label="Title" value={title} max={TITLE_OVERLAY_TITLE_MAX_CHARS} onChange={setTitle} />
      <CountedField
        label="Subtitle"
        value={subtitle}
        max={TITLE_OVERLAY_SUBTITLE_MAX_CHARS}
        onChange={setSubtitle}
      />
      {!hasTitle && <p className="studio-hint">{errorMessage("overlay_title_required")}</p>}
    </StudioForm>
  );
}
