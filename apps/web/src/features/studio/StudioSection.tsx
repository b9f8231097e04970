import type { ReactNode } from "react";
import { Tooltip } from "../../ui/Tooltip";

/**
 * One section of the studio's accordion (spec 3 §2): several may be open at once. A section refused by
 * spec 3 §1's RTMP rule stays in place, closed, with the rule's words as its tooltip.
 */
export function StudioSection(props: {
  title: string;
  /** The refusal's words, or null when the section is available. */
  disabledBecause: string | null;
  children: ReactNode;
}) {
  if (props.disabledBecause) {
    return (
      <div className="studio-section studio-section--disabled">
        <Tooltip text={props.disabledBecause}>
          {(tooltipId) => (
            <button
              type="button"
              className="studio-section__summary"
              aria-disabled="true"
              aria-describedby={tooltipId}
            >
              {props.title}
            </button>
          )}
        </Tooltip>
      </div>
    );
  }
  return (
    <details className="studio-section">
      <summary className="studio-section__summary">{props.title}</summary>
      <div className="studio-section__body">{props.children}</div>
    </details>
  );
}
