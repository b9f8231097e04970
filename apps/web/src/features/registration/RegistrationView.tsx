import type { EventPageData } from "@onstage/domain";
import { useEffect, useRef } from "react";
import { Spinner } from "../../ui/Spinner";
import { CheckoutView } from "./CheckoutView";
import { EventPasswordView } from "./EventPasswordView";
import { PatreonView } from "./PatreonView";
import { RegisteringView } from "./RegisteringView";
import { TicketOptionsView } from "./TicketOptionsView";
import type { RegistrationFlow } from "./useRegistrationFlow";

/**
 * Each new view (including the first after signing in) moves focus to its marked heading, rather than
 * leaving it on a control that was just removed.
 */
function useFocusOnView(view: string) {
  const rootRef = useRef<HTMLDivElement>(null);
  const shownRef = useRef<string | null>(null);
  useEffect(() => {
    if (shownRef.current === view) return;
    shownRef.current = view;
    rootRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  });
  return rootRef;
}

/** The signed-in views of the registration dialog (spec 1 §2), chosen by the flow. */
export function RegistrationView({ flow, data }: { flow: RegistrationFlow; data: EventPageData }) {
  const rootRef = useFocusOnView(flow.view);
  return <div ref={rootRef}>{viewBody(flow, data)}</div>;
}

function viewBody(flow: RegistrationFlow, data: EventPageData) {
  switch (flow.view) {
    case "loading":
      return <Spinner />;
    case "closing":
      return (
        <p className="registration__status" role="status">
          You already have access to this event.
        </p>
      );
    case "event-password":
      return <EventPasswordView eventId={data.event.id} onAccepted={flow.acceptPassword} />;
    case "patreon":
      return <PatreonView data={data} patron={flow.patron} />;
    case "ticket-options":
      return <TicketOptionsView flow={flow} data={data} />;
    case "checkout":
      return <CheckoutView flow={flow} />;
    case "registering":
      return <RegisteringView />;
  }
}
