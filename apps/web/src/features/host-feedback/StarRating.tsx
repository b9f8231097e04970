import { STAR_RATING_MAX, STAR_RATING_MIN } from "@onstage/domain";
import { useId } from "react";
import "./host-feedback.css";

const STARS = Array.from({ length: STAR_RATING_MAX - STAR_RATING_MIN + 1 }, (_, i) => STAR_RATING_MIN + i);

/** Spec 2 §9: a 1 to 5 star rating; radio buttons, so the arrow keys move between stars. */
export function StarRating({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="stars">
      <legend className="stars__legend">{legend}</legend>
      <div className="stars__row">
        {STARS.map((stars) => (
          <label key={stars} className="stars__star" data-on={value !== null && stars <= value}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{stars === 1 ? "1 star" : `${stars} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
