import { type ReactNode, useId } from "react";

/**
 * A chart as DayBarChart draws one: the caption sums it up, the drawing is for sighted mouse users
 * (hidden from assistive technology), and the numbers behind it follow as a table (`children`).
 */
export function ChartFigure({
  caption,
  plot,
  children,
}: {
  caption: string;
  plot: ReactNode;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure className="analytics-figure" aria-labelledby={captionId}>
      <figcaption id={captionId} className="analytics-figure__caption">
        {caption}
      </figcaption>
      <div className="analytics-figure__plot" aria-hidden="true">
        {plot}
      </div>
      {children}
    </figure>
  );
}
