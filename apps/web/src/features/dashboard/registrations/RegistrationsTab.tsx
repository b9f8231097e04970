import type { DashEvent, DashQuestion } from "@onstage/domain";
import { lazy, Suspense } from "react";
import { failureText } from "../../../api";
import { Button, buttonClassName } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { registrationsCsvUrl } from "../editor/editorApi";
import { RegistrationsTable } from "./RegistrationsTable";
import { useRegistrations } from "./useRegistrations";

// The charting library is large: only hosts who open this tab download it.
const RegistrationsChart = lazy(() =>
  import("./RegistrationsChart").then((module) => ({ default: module.RegistrationsChart })),
);

/** Who registered, when, with which ticket, payment, coupon, utm fields and answers; CSV export. */
export function RegistrationsTab({ event, questions }: { event: DashEvent; questions: DashQuestion[] }) {
  const query = useRegistrations(event.id);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const registrations = pages.flatMap((page) => page.registrations);
  return (
    <section className="part-list" aria-label="Registrations">
      <div className="part-list__header">
        <h2 className="part-list__title">Registrations</h2>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Refresh
        </Button>
        <a
          className={buttonClassName({ variant: "secondary" })}
          href={registrationsCsvUrl(event.id)}
          download
        >
          Download CSV
        </a>
      </div>
      {query.isPending && <Spinner label="Loading registrations…" />}
      {query.isError && <p role="alert">{failureText(query.error)}</p>}
      {first && (
        <>
          <p className="reg-total">
            <span className="reg-total__number">{first.total}</span> registered
          </p>
          {first.total === 0 ? (
            <p className="dash-empty">Nobody has registered yet.</p>
          ) : (
            <>
              <Suspense fallback={<Spinner label="Loading the chart…" />}>
                <RegistrationsChart perDay={first.perDay} total={first.total} />
              </Suspense>
              <RegistrationsTable event={event} questions={questions} registrations={registrations} />
              <p className="reg-shown" role="status">
                Showing {registrations.length} of {first.total}
              </p>
              {query.hasNextPage && (
                // Not disabled while loading: a disabled button would drop the keyboard focus.
                <Button
                  variant="secondary"
                  onClick={() => !query.isFetchingNextPage && query.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
