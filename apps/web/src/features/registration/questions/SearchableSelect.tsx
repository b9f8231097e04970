import { type CustomRegistrationField, joinMultiSelect, splitMultiSelect } from "@onstage/domain";
import { type KeyboardEvent, useId, useState } from "react";
import { requiredClass } from "./QuestionField";

export interface SearchableSelectProps {
  field: CustomRegistrationField;
  answer: string;
  isMissing: boolean;
  onChange: (answer: string) => void;
}

/**
 * Spec 1 §2: a choice question with more than 5 options is a searchable dropdown, built as the ARIA
 * 1.2 combobox with a listbox popup: typing filters, arrows move, Enter chooses, Escape closes. A
 * multi-select keeps the list open and shows its choices as removable chips.
 */
export function SearchableSelect({ field, answer, isMissing, onChange }: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const isMulti = field.type === "multi_select";
  const chosen = isMulti ? splitMultiSelect(answer) : answer === "" ? [] : [answer];
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = query ?? (isMulti ? "" : answer);
  const needle = (query ?? "").trim().toLowerCase();
  const options = field.answers.filter((option) => option.toLowerCase().includes(needle));
  const activeOption = isOpen ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (option: string) => `${id}-option-${field.answers.indexOf(option)}`;

  const choose = (option: string) => {
    if (!isMulti) {
      onChange(option);
      setQuery(null);
      setOpen(false);
      return;
    }
    const next = chosen.includes(option) ? chosen.filter((v) => v !== option) : [...chosen, option];
    onChange(joinMultiSelect(field.answers.filter((value) => next.includes(value))));
    setQuery(null);
  };
  /** Arrows open the list on its first option, then move through the options, wrapping around. */
  const move = (step: number) => {
    if (!isOpen) {
      setOpen(true);
      setActive(0);
      return;
    }
    const count = options.length;
    if (count > 0) setActive((current) => (Math.min(current, count - 1) + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    // Enter in an open list chooses (or, with no match, does nothing) rather than submitting the form.
    else if (event.key === "Enter" && isOpen) {
      if (activeOption !== undefined) choose(activeOption);
    } else if (event.key === "Escape" && isOpen) setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className={["field", "combo", requiredClass(field)].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {field.question}
      </label>
      {isMulti && chosen.length > 0 && (
        <ul className="combo__chips" aria-label={`Chosen for ${field.question}`}>
          {chosen.map((option) => (
            <li key={option} className="combo__chip">
              {option}
              <button type="button" className="combo__remove" onClick={() => choose(option)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Remove {option}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="field__input"
        role="combobox"
        autoComplete="off"
        placeholder={isMulti ? "Search and choose" : "Search"}
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption === undefined ? undefined : optionId(activeOption)}
        aria-required={field.isRequired || undefined}
        aria-invalid={isMissing || undefined}
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
      />
      {/* The popup stays in the page while closed so aria-controls always names an element. */}
      <div
        id={listId}
        role="listbox"
        aria-label={field.question}
        aria-multiselectable={isMulti || undefined}
        className="combo__list"
        hidden={!isOpen || options.length === 0}
      >
        {options.map((option) => (
          // Options are chosen with the keyboard on the combobox (aria-activedescendant); the mouse
          // handler only spares the focus, which must stay in the input.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose through the combobox.
          <div
            key={option}
            id={optionId(option)}
            role="option"
            aria-selected={chosen.includes(option)}
            className={option === activeOption ? "combo__option combo__option--active" : "combo__option"}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option}
          </div>
        ))}
      </div>
      {isOpen && options.length === 0 && (
        <p className="combo__empty" role="status">
          No matches
        </p>
      )}
    </div>
  );
}
