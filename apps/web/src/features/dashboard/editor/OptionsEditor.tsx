import { DASH_LIMITS } from "@onstage/domain";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/TextField";

export interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
}

/** The options of a multiple-choice or multi-select question: one field each, add and remove. */
export function OptionsEditor({ options, onChange }: OptionsEditorProps) {
  const set = (index: number, value: string) => onChange(options.map((o, i) => (i === index ? value : o)));
  return (
    <fieldset className="options-editor">
      <legend className="radio-group__legend">Options</legend>
      <ol className="options-editor__list">
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings that may repeat while typed.
          <li key={index} className="options-editor__item">
            <TextField
              label={`Option ${index + 1}`}
              value={option}
              maxLength={DASH_LIMITS.questionOptionMaxChars}
              onChange={(e) => set(index, e.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={options.length <= DASH_LIMITS.questionMinOptions}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              Remove option {index + 1}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={options.length >= DASH_LIMITS.questionMaxOptions}
        onClick={() => onChange([...options, ""])}
      >
        Add option
      </Button>
    </fieldset>
  );
}
