import { formatMoney } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { donationKeys, fetchDonations } from "./donationsApi";
import "./donations.css";

const timeText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));

/**
 * Issue 25 §4: the team sees the session's donations and their totals, read again whenever the session
 * topic says one was paid or refunded.
 */
export function DonationsList({ sessionId }: { sessionId: number }) {
  const query = useQuery({
    queryKey: donationKeys.list(sessionId),
    queryFn: () => fetchDonations(sessionId),
  });
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    onMessage: (message) => {
      if (message.kind === "broadcast" && message.event === "donations.changed") void query.refetch();
    },
    refetch: () => query.refetch(),
  });
  if (!query.data) return null;
  const { donations, totals } = query.data;
  return (
    <section className="donations" aria-labelledby={`donations-${sessionId}`}>
      <h3 id={`donations-${sessionId}`} className="donations__title">
        Donations
      </h3>
      {totals.length === 0 ? (
        <p className="studio-hint">No donations yet.</p>
      ) : (
        <>
          <p className="donations__totals">
            {totals
              .map(
                (t) =>
                  `${formatMoney(t.amountCents, t.currency)} from ${t.count === 1 ? "1 donation" : `${t.count} donations`}`,
              )
              .join(" · ")}
          </p>
          <ul className="donations__list" aria-label="Latest donations">
            {donations.map((d) => (
              <li key={d.id}>
                <span>{d.donor.fullName}</span>
                <strong>{formatMoney(d.amountCents, d.currency)}</strong>
                <time dateTime={d.paidAt}>{timeText(d.paidAt)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
