import { isShowInPicture, type OfferShow, offerUrlRefusal } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useProgramClock } from "../player/ProgramClock";
import { useInStepView } from "../player/useInStep";
import { clickOffer, fetchOfferShows, studioKeys } from "./studioApi";
import { useStudio } from "./useStudio";
import "./OfferOnAir.css";

const showKey = (show: OfferShow) => `${show.elementId}@${show.shownAt}`;

/** The CTA on air now, as the session's studio has it (live: no end yet). */
function useLiveShows(sessionId: number): OfferShow[] {
  const studio = useStudio(sessionId);
  return useMemo(() => {
    const element = studio?.elements.find((e) => e.id === studio.offer.shown && e.type === "offer");
    const shownAt = studio?.offer.shownAt;
    if (!element || !shownAt) return [];
    return [{ elementId: element.id, label: element.title, url: element.value, shownAt, hiddenAt: null }];
  }, [studio]);
}

/**
 * Spec 3 §4 the CTA on air, as a button over the player: everyone in the room sees it (an HLS viewer
 * while their picture is inside its time on air; the replay at the moments it was shown). Opening it
 * live counts the click once per person; the replay's clicks are not counted (the CTA is off air).
 */
export function OfferOnAir({ sessionId, signedIn }: { sessionId: number; signedIn: boolean }) {
  const { delivery } = useProgramClock();
  const isReplay = delivery === "replay";
  const live = useLiveShows(sessionId);
  const history = useQuery({
    queryKey: studioKeys.offerShows(sessionId),
    queryFn: () => fetchOfferShows(sessionId),
    enabled: isReplay,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shows = isReplay ? (history.data?.shows ?? []) : live;
  const view = useCallback(
    (show: OfferShow, reached: (ms: number) => boolean) =>
      // The server checked the link; a page never opens one that is not https all the same.
      isShowInPicture(show, reached) && !offerUrlRefusal(show.url) ? show : null,
    [],
  );
  const inPicture = useInStepView(shows, { keyOf: showKey, view });
  const offer = inPicture.at(-1);
  if (!offer) return null;
  return (
    <a
      className="offer-on-air"
      href={offer.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => {
        if (signedIn && !isReplay && offer.elementId !== null)
          void clickOffer(offer.elementId).catch(() => {});
      }}
    >
      {offer.label}
    </a>
  );
}
