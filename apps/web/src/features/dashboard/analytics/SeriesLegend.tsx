export interface LegendItem {
  key: string;
  label: string;
  color: string;
  /** A total beside the label ('Chat messages 12'). */
  value?: number;
}

/**
 * Which colour is which series, beside a drawing hidden from assistive technology, so hidden too; with
 * values and a `label`, the totals, for everyone (the engagement chart's).
 */
export function SeriesLegend({ label, items }: { label?: string; items: readonly LegendItem[] }) {
  return (
    <ul className="analytics-legend" aria-label={label} aria-hidden={label ? undefined : true}>
      {items.map((item) => (
        <li key={item.key} className="analytics-legend__item">
          <span className="analytics-legend__swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
          {item.value !== undefined && (
            <>
              {" "}
              <strong className="analytics-legend__value">{item.value}</strong>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
