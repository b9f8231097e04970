import { offerUrlRefusal } from "@onstage/domain";
import { useMemo } from "react";
import { useInStep } from "../player/useInStep";
import { clickOffer } from "./studioApi";
import { useStudio } from "./useStudio";
import "./OfferOnAir.css";

/**
 * Spec 3 §4 the CTA on air, as a button over the player: everyone in the room sees it (an HLS viewer
 * when their picture reaches the moment it was shown); opening it counts the click once per person.
 */
export function OfferOnAir({ sessionId, signedIn }: { sessionId: number; signedIn: boolean }) {
  const studio = useStudio(sessionId);
  const onAir = useMemo(() => {
    const element = studio?.elements.find((e) => e.id === studio.offer.shown && e.type === "offer");
    const shownAt = studio?.offer.shownAt;
    // The server checked the link; a page never opens one that is not https all the same.
    if (!element || !shownAt || offerUrlRefusal(element.value)) return [];
    return [{ id: element.id, label: element.title, url: element.value, at: Date.parse(shownAt) }];
  }, [studio]);
  const [offer] = useInStep(onAir, { keyOf: (o) => o.id, happenedAtMs: (o) => o.at });
  if (!offer) return null;
  return (
    <a
      className="offer-on-air"
      href={offer.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => {
        if (signedIn) void clickOffer(offer.id).catch(() => {});
      }}
    >
      {offer.label}
    </a>
  );
}
