import { type ReactNode, useId } from "react";
import "./Tooltip.css";

/**
 * A short hint shown while the pointer is over its controls or focus is in them. The controls name it
 * with `aria-describedby={tooltipId}`, so screen readers read it with them.
 */
export function Tooltip({ text, children }: { text: string; children: (tooltipId: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="tooltip">
      {children(id)}
      <span role="tooltip" id={id} className="tooltip__bubble">
        {text}
      </span>
    </div>
  );
}
