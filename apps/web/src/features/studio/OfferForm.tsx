import { errorMessage, linkOfferRefusal, offerUrlRefusal } from "@onstage/domain";
import { useId, useState } from "react";
import { CtaLabelField, StudioForm } from "./StudioForm";

/**
 * Spec 3 §5 link CTA: a label and an https URL. Save waits for both; a URL that is not one, or not
 * https, says so as it is typed (the spec's own words), and the server checks the same rule.
 */
export function OfferForm(props: {
  initial?: { label: string; url: string };
  submitLabel: string;
  isPending: boolean;
  onSubmit: (offer: { label: string; url: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [label, setLabel] = useState(props.initial?.label ?? "");
  const [url, setUrl] = useState(props.initial?.url ?? "");
  const isEmpty = label.trim().length === 0 || url.trim().length === 0;
  const urlRefusal = url.trim().length > 0 ? offerUrlRefusal(url) : null;
  const canSave = !isEmpty && linkOfferRefusal({ label, url }) === null && !props.isPending;
  return (
    <StudioForm
      submitLabel={props.submitLabel}
      canSubmit={canSave}
      onSubmit={() =>
        void props.onSubmit({ label, url }).then(() => {
          if (props.initial) return;
          setLabel("");
          setUrl("");
        })
      }
      onCancel={props.onCancel}
    >
      <CtaLabelField id={`${id}-label`} value={label} onChange={setLabel} />
      <div className="studio-field">
        <label htmlFor={`${id}-url`}>Link</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          aria-invalid={urlRefusal ? true : undefined}
          aria-describedby={urlRefusal ? `${id}-url-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {urlRefusal && (
          <p id={`${id}-url-error`} className="studio-error">
            {errorMessage(urlRefusal)}
          </p>
        )}
      </div>
    </StudioForm>
  );
}
