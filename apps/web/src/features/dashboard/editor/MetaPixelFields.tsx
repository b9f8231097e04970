import { TextField } from "../../../ui/TextField";
import { HintedCheckbox } from "../form/HintedCheckbox";
import type { DetailsDraft } from "./detailsDraft";

export interface MetaPixelFieldsProps {
  draft: DetailsDraft;
  onChange: (patch: Partial<DetailsDraft>) => void;
}

/** Issue 28 §5: the event's Meta pixel and the two events its page sends. */
export function MetaPixelFields({ draft, onChange }: MetaPixelFieldsProps) {
  return (
    <fieldset className="radio-group">
      <legend className="radio-group__legend">Meta pixel</legend>
      <TextField
        label="Meta pixel ID"
        inputMode="numeric"
        autoComplete="off"
        hint="The digits Meta's Events Manager shows for your pixel. Leave blank for none: the event's pages then load nothing from Meta."
        value={draft.metaPixelId}
        onChange={(e) => onChange({ metaPixelId: e.target.value })}
      />
      <HintedCheckbox
        label="Send PageView on page load"
        hint="Each time someone opens the event's page."
        checked={draft.metaPixelEventPageLoad}
        onChange={(e) => onChange({ metaPixelEventPageLoad: e.target.checked })}
      />
      <HintedCheckbox
        label="Send CompleteRegistration on registration"
        hint="When someone has registered for the event."
        checked={draft.metaPixelEventRegistrationCompleted}
        onChange={(e) => onChange({ metaPixelEventRegistrationCompleted: e.target.checked })}
      />
    </fieldset>
  );
}
