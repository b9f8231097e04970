import { contributionPrompt, isShowInPicture, type OfferShow, offerUrlRefusal } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { DonateDialog } from "../donations/DonateDialog";
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
    const element = studio?.elements.find((e) => e.id === studio.offer.shown);
    const shownAt = studio?.offer.shownAt;
    if (!element || !shownAt || (element.type !== "offer" && element.type !== "contribution")) return [];
    const currency = typeof element.options.currency === "string" ? element.options.currency : null;
    return [
      {
        elementId: element.id,
        type: element.type,
        label: element.title,
        value: element.value,
        currency: element.type === "contribution" ? currency : null,
        shownAt,
        hiddenAt: null,
      },
    ];
  }, [studio]);
}

/** A link opens only when it is https, whatever the server stored; a contribution needs its currency. */
const isUsable = (show: OfferShow) =>
  show.type === "offer" ? !offerUrlRefusal(show.value) : show.currency !== null;

/**
 * Spec 3 §4 the CTA on air, as a button over the player: everyone in the room sees it (an HLS viewer
 * while their picture is inside its time on air; the replay at the moments it was shown). A link opens
 * its page; a contribution opens the donation dialog. Opening it live counts the click once per person;
 * the replay's clicks are not counted (the CTA is off air).
 */
export function OfferOnAir({ sessionId, userId }: { sessionId: number; userId: number | null }) {
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
      isShowInPicture(show, reached) && isUsable(show) ? show : null,
    [],
  );
  const inPicture = useInStepView(shows, { keyOf: showKey, view });
  const [donating, setDonating] = useState<OfferShow | null>(null);
  const offer = inPicture.at(-1);
  const count = () => {
    if (userId !== null && !isReplay && offer?.elementId != null)
      void clickOffer(offer.elementId).catch(() => {});
  };
  return (
    <>
      {offer?.type === "offer" && (
        <a
          className="offer-on-air"
          href={offer.value}
          target="_blank"
          rel="noopener noreferrer"
          onClick={count}
        >
          {offer.label}
        </a>
      )}
      {offer?.type === "contribution" && (
        <button
          type="button"
          className="offer-on-air"
          onClick={() => {
            count();
            setDonating(offer);
          }}
        >
          {offer.label}
        </button>
      )}
      {donating && (
        <DonateDialog
          open
          onOpenChange={(open) => {
            if (!open) setDonating(null);
          }}
          sessionId={sessionId}
          userId={userId}
          offer={{
            elementId: donating.elementId,
            label: donating.label,
            prompt: contributionPrompt(donating.value),
            currency: donating.currency ?? "USD",
          }}
        />
      )}
    </>
  );
}
