import {
  type CustomElement,
  contributionPrompt,
  isOfferType,
  overlayPreview,
  type StudioResponse,
} from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { DonationsList } from "../donations/DonationsList";
import { LinkPreviewCard } from "../link-preview/LinkPreviewCard";
import { type Contribution, ContributionForm } from "./ContributionForm";
import { OfferForm } from "./OfferForm";
import { StudioItem } from "./StudioItem";
import { createElement, setOfferState, updateElement } from "./studioApi";
import { useStudioChange } from "./useStudioChange";

type Kind = "offer" | "contribution";
const KINDS: { kind: Kind; label: string }[] = [
  { kind: "offer", label: "Link" },
  { kind: "contribution", label: "Contribution" },
];

/** A CTA as its element stores it (spec 3 §3): a link's URL, or a contribution's prompt and currency. */
const asLink = (o: { label: string; url: string }) => ({ title: o.label, value: o.url });
const asContribution = (c: Contribution) => ({
  title: c.label,
  value: c.prompt,
  options: { currency: c.currency },
});
const currencyOf = (e: CustomElement) => (typeof e.options.currency === "string" ? e.options.currency : "");

/**
 * Spec 3 §2, §4 CTAs: link buttons and contributions over the player; one on air at a time, with how
 * many clicked each, and the session's donations.
 */
export function OffersSection({ studio, eventId }: { studio: StudioResponse; eventId: number }) {
  const { sessionId } = studio;
  const id = useId();
  const [kind, setKind] = useState<Kind>("offer");
  const offers = studio.elements.filter((e) => isOfferType(e.type)).sort((a, b) => a.order - b.order);
  const create = useStudioChange(
    sessionId,
    (input: { type: Kind; title: string; value: string; options?: { currency: string } }) =>
      createElement({ sessionId, ...input }),
  );
  const show = useStudioChange(sessionId, (offer: number | null) =>
    setOfferState({ sessionId, eventId, offer }),
  );
  const clicksOf = (elementId: number) =>
    studio.offerClicks.find((c) => c.elementId === elementId)?.clicks ?? 0;
  const settings = studio.contributions ?? { accountConnected: false, defaultCurrency: "USD" };
  return (
    <>
      <fieldset className="studio-kinds">
        <legend className="studio-hint">New call to action</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="studio-kind">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => setKind(k.kind)}
            />
            {k.label}
          </label>
        ))}
      </fieldset>
      {kind === "offer" ? (
        <OfferForm
          submitLabel="Add"
          isPending={create.isPending}
          onSubmit={(o) => create.mutateAsync({ type: "offer", ...asLink(o) })}
        />
      ) : (
        <ContributionForm
          submitLabel="Add"
          {...settings}
          isPending={create.isPending}
          onSubmit={(c) => create.mutateAsync({ type: "contribution", ...asContribution(c) })}
        />
      )}
      {offers.length === 0 ? (
        <p className="studio-hint">
          No calls to action yet: a label and a link, or a contribution, make a button over the player.
        </p>
      ) : (
        <ul className="studio-list" aria-label="Calls to action">
          {offers.map((offer) => (
            <OfferItem
              key={offer.id}
              sessionId={sessionId}
              offer={offer}
              clicks={clicksOf(offer.id)}
              settings={settings}
              isShown={studio.offer.shown === offer.id}
              isBusy={show.isPending}
              onShow={() => show.mutate(offer.id)}
              onHide={() => show.mutate(null)}
            />
          ))}
        </ul>
      )}
      {offers.some((o) => o.type === "contribution") && <DonationsList sessionId={sessionId} />}
    </>
  );
}

function OfferItem(props: {
  sessionId: number;
  offer: CustomElement;
  clicks: number;
  settings: { accountConnected: boolean; defaultCurrency: string };
  isShown: boolean;
  isBusy: boolean;
  onShow: () => void;
  onHide: () => void;
}) {
  const { offer } = props;
  const update = useStudioChange(
    props.sessionId,
    (data: { title: string; value: string; options?: { currency: string } }) => updateElement(offer.id, data),
  );
  const name = offer.title;
  const isContribution = offer.type === "contribution";
  return (
    <StudioItem
      sessionId={props.sessionId}
      elementId={offer.id}
      name={name}
      isShown={props.isShown}
      details={
        <>
          <span>
            {isContribution
              ? `Contribution in ${currencyOf(offer)}: “${overlayPreview(contributionPrompt(offer.value))}”`
              : overlayPreview(offer.value)}
          </span>
          <span>{props.clicks === 1 ? "1 click" : `${props.clicks} clicks`}</span>
          {!isContribution && <LinkPreviewCard url={offer.value} />}
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
      editForm={(done) =>
        isContribution ? (
          <ContributionForm
            initial={{ label: offer.title, prompt: offer.value, currency: currencyOf(offer) }}
            {...props.settings}
            submitLabel="Save"
            isPending={update.isPending}
            onSubmit={(c) => update.mutateAsync(asContribution(c)).then(done)}
            onCancel={done}
          />
        ) : (
          <OfferForm
            initial={{ label: offer.title, url: offer.value }}
            submitLabel="Save"
            isPending={update.isPending}
            onSubmit={(o) => update.mutateAsync(asLink(o)).then(done)}
            onCancel={done}
          />
        )
      }
    />
  );
}
