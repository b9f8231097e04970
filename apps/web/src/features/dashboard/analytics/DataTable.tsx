import { type ReactNode, useId } from "react";

export interface TableRow {
  key: string | number;
  /** The first cell heads its row. */
  cells: ReactNode[];
}

/**
 * A table of figures. Shown, it scrolls sideways inside a focusable region (keyboard users scroll it too,
 * as RegistrationsTable); `hidden`, it is a chart's text alternative, for assistive technology only.
 */
export function DataTable(props: {
  caption: string;
  columns: readonly string[];
  rows: readonly TableRow[];
  hidden?: boolean;
}) {
  const captionId = useId();
  const table = (
    <table className={props.hidden ? "visually-hidden" : undefined}>
      <caption id={captionId} className={props.hidden ? undefined : "analytics-table__caption"}>
        {props.caption}
      </caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order.
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order.
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (props.hidden) return table;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
    <section className="reg-table analytics-table" aria-labelledby={captionId} tabIndex={0}>
      {table}
    </section>
  );
}
