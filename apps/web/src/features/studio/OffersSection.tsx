import { type CustomElement, overlayPreview, type StudioResponse } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { OfferForm } from "./OfferForm";
import { StudioItem } from "./StudioItem";
import { createElement, setOfferState, updateElement } from "./studioApi";
import { useStudioChange } from "./useStudioChange";

/** Spec 3 §2, §4 CTAs: link buttons over the player; one on air at a time, with how many clicked it. */
export function OffersSection({ studio, eventId }: { studio: StudioResponse; eventId: number }) {
  const { sessionId } = studio;
  const offers = studio.elements.filter((e) => e.type === "offer").sort((a, b) => a.order - b.order);
  const create = useStudioChange(sessionId, (o: { label: string; url: string }) =>
    createElement({ sessionId, type: "offer", title: o.label, value: o.url }),
  );
  const show = useStudioChange(sessionId, (offer: number | null) =>
    setOfferState({ sessionId, eventId, offer }),
  );
  const clicksOf = (id: number) => studio.offerClicks.find((c) => c.elementId === id)?.clicks ?? 0;
  return (
    <>
      <OfferForm submitLabel="Add" isPending={create.isPending} onSubmit={(o) => create.mutateAsync(o)} />
      {offers.length === 0 ? (
        <p className="studio-hint">
          No calls to action yet: a label and a link make a button over the player.
        </p>
      ) : (
        <ul className="studio-list" aria-label="Calls to action">
          {offers.map((offer) => (
            <OfferItem
              key={offer.id}
              sessionId={sessionId}
              offer={offer}
              clicks={clicksOf(offer.id)}
              isShown={studio.offer.shown === offer.id}
              isBusy={show.isPending}
              onShow={() => show.mutate(offer.id)}
              onHide={() => show.mutate(null)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function OfferItem(props: {
  sessionId: number;
  offer: CustomElement;
  clicks: number;
  isShown: boolean;
  isBusy: boolean;
  onShow: () => void;
  onHide: () => void;
}) {
  const { offer } = props;
  const update = useStudioChange(props.sessionId, (o: { label: string; url: string }) =>
    updateElement(offer.id, { title: o.label, value: o.url }),
  );
  const name = offer.title;
  return (
    <StudioItem
      sessionId={props.sessionId}
      elementId={offer.id}
      name={name}
      isShown={props.isShown}
      details={
        <>
          <span>{overlayPreview(offer.value)}</span>
          <span>{props.clicks === 1 ? "1 click" : `${props.clicks} clicks`}</span>
        </>
      }
      actions={
        <Button
          size="sm"
          disabled={props.isBusy}
          onClick={props.isShown ? props.onHide : props.onShow}
          aria-label={`${props.isShown ? "Hide" : "Show"} ${name}`}
        >
          {props.isShown ? "Hide" : "Show"}
        </Button>
      }
      editForm={(done) => (
        <OfferForm
          initial={{ label: offer.title, url: offer.value }}
          submitLabel="Save"
          isPending={update.isPending}
          onSubmit={(o) => update.mutateAsync(o).then(done)}
          onCancel={done}
        />
      )}
    />
  );
}
