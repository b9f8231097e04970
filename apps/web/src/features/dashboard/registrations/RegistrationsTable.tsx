import { type DashEvent, type DashQuestion, type DashRegistration, formatMoney } from "@onstage/domain";
import { useId } from "react";
import { formatInZone } from "../zonedTime";

interface QuestionColumn {
  fieldId: number;
  question: string;
}

/** The event's questions in their order, then questions since deleted that some answers still hold. */
function questionColumns(questions: DashQuestion[], registrations: DashRegistration[]): QuestionColumn[] {
  const columns: QuestionColumn[] = [...questions]
    .sort((a, b) => a.order - b.order)
    .map((q) => ({ fieldId: q.id, question: q.question }));
  for (const registration of registrations) {
    for (const answer of registration.answers) {
      if (!columns.some((c) => c.fieldId === answer.fieldId)) columns.push(answer);
    }
  }
  return columns;
}

const fullName = (r: DashRegistration) => `${r.user.firstName} ${r.user.lastName}`.trim() || "—";

export interface RegistrationsTableProps {
  event: DashEvent;
  questions: DashQuestion[];
  registrations: DashRegistration[];
}

/** Wide: it scrolls sideways inside a focusable region, so keyboard users can scroll it too. */
export function RegistrationsTable({ event, questions, registrations }: RegistrationsTableProps) {
  const captionId = useId();
  const columns = questionColumns(questions, registrations);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
    <section className="reg-table" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId} className="visually-hidden">
          Registrations, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Registered</th>
            <th scope="col">Ticket</th>
            <th scope="col">Amount paid</th>
            <th scope="col">Coupon</th>
            <th scope="col">UTM source</th>
            <th scope="col">UTM medium</th>
            <th scope="col">UTM campaign</th>
            {columns.map((column) => (
              <th key={column.fieldId} scope="col">
                {column.question}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {registrations.map((r) => (
            <tr key={r.id}>
              <th scope="row">{fullName(r)}</th>
              <td>{r.user.email}</td>
              <td>
                <time dateTime={r.createdAt}>{formatInZone(r.createdAt, event.timezone)}</time>
              </td>
              <td>{r.ticket?.title ?? "—"}</td>
              <td>{formatMoney(r.amountPaidCents, event.eventTicketCurrency)}</td>
              <td>{r.coupon ?? "—"}</td>
              <td>{r.utmSource ?? "—"}</td>
              <td>{r.utmMedium ?? "—"}</td>
              <td>{r.utmCampaign ?? "—"}</td>
              {columns.map((column) => (
                <td key={column.fieldId}>
                  {r.answers.find((a) => a.fieldId === column.fieldId)?.answer || "—"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
