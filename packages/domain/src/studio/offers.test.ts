import { describe, expect, test } from "vitest";
import {
  contributionOfferRefusal,
  contributionPrompt,
  isShowInPicture,
  linkOfferRefusal,
  nextOfferOrder,
  publicStudio,
} from "./offers";

describe("linkOfferRefusal (spec 3 §5)", () => {
  test.each([
    { label: "Get the deck", url: "https://onstage.test/deck", refusal: null },
    { label: "  Get the deck  ", url: " https://onstage.test/deck?x=1#y ", refusal: null },
    { label: "", url: "https://onstage.test", refusal: "offer_label_required" },
    { label: "   ", url: "https://onstage.test", refusal: "offer_label_required" },
    { label: "x".repeat(40), url: "https://onstage.test", refusal: null },
    { label: "x".repeat(41), url: "https://onstage.test", refusal: "offer_label_too_long" },
    { label: "Deck", url: "", refusal: "offer_url_required" },
    { label: "Deck", url: "onstage.test/deck", refusal: "offer_url_invalid" },
    { label: "Deck", url: "http://onstage.test/deck", refusal: "offer_url_insecure" },
    { label: "Deck", url: "HTTP://onstage.test", refusal: "offer_url_insecure" },
    { label: "Deck", url: "javascript:alert(1)", refusal: "offer_url_invalid" },
    { label: "Deck", url: "data:text/html,hi", refusal: "offer_url_invalid" },
    { label: "Deck", url: "ftp://onstage.test", refusal: "offer_url_invalid" },
    { label: "Deck", url: "https://user:pass@onstage.test", refusal: "offer_url_invalid" },
    { label: "Deck", url: "https://", refusal: "offer_url_invalid" },
  ] as const)("'$label' to '$url': $refusal", ({ label, url, refusal }) => {
    expect(linkOfferRefusal({ label, url })).toBe(refusal);
  });
});

describe("nextOfferOrder (spec 3 §4)", () => {
  test.each([
    { types: [], order: 0 },
    { types: ["title", "logo"], order: 0 },
    { types: ["offer", "title", "contribution", "offer"], order: 3 },
  ])("$types: $order", ({ types, order }) => {
    expect(nextOfferOrder(types.map((type) => ({ type })))).toBe(order);
  });
});

describe("publicStudio: what a viewer outside the team receives", () => {
  const element = (id: number, type: string) => ({ id, type });
  const studio = {
    elements: [
      element(1, "logo"),
      element(2, "primary_color"),
      element(3, "background"),
      element(4, "title"),
      element(5, "title"),
      element(6, "offer"),
      element(7, "offer"),
      element(8, "contribution"),
    ],
    overlay: { shown: 5 },
    offer: { shown: 7 },
    offerClicks: [{ elementId: 7, clicks: 3 }],
    contributions: { accountConnected: true, defaultCurrency: "EUR" },
  };

  test.each([
    { case: "a title and an offer on air", overlay: 5, offer: 7, ids: [1, 2, 3, 5, 7] },
    { case: "a contribution on air", overlay: null, offer: 8, ids: [1, 2, 3, 8] },
    { case: "nothing on air", overlay: null, offer: null, ids: [1, 2, 3] },
  ])("$case: the brand and what is shown, no click counts, no account", ({ overlay, offer, ids }) => {
    const seen = publicStudio({ ...studio, overlay: { shown: overlay }, offer: { shown: offer } });
    expect(seen.elements.map((e) => e.id)).toEqual(ids);
    expect(seen.offerClicks).toEqual([]);
    expect(seen.contributions).toBeNull();
  });
});

describe("isShowInPicture: a CTA over the replay while the picture is inside its time on air", () => {
  const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, s)).toISOString();
  const show = { shownAt: at(10), hiddenAt: at(20) };
  const pictureAt = (s: number) => (ms: number) => ms <= Date.parse(at(s));
  test.each([
    { picture: 5, shown: false },
    { picture: 10, shown: true },
    { picture: 15, shown: true },
    { picture: 20, shown: false },
    { picture: 30, shown: false },
  ])("the picture at $picture s: $shown", ({ picture, shown }) => {
    expect(isShowInPicture(show, pictureAt(picture))).toBe(shown);
  });
  test("still on air (or on air at the end): shown from its start on", () => {
    expect(isShowInPicture({ shownAt: at(10), hiddenAt: null }, pictureAt(999))).toBe(true);
  });
});

describe("contributionOfferRefusal (spec 3 §5)", () => {
  test.each([
    { label: "Support us", prompt: "", currency: "USD", refusal: null },
    { label: "Support us", prompt: "p".repeat(200), currency: "EUR", refusal: null },
    { label: " ", prompt: "", currency: "USD", refusal: "offer_label_required" },
    { label: "x".repeat(41), prompt: "", currency: "USD", refusal: "offer_label_too_long" },
    { label: "Tip", prompt: "p".repeat(201), currency: "USD", refusal: "contribution_prompt_too_long" },
    { label: "Tip", prompt: "", currency: "usd", refusal: "invalid_currency" },
    { label: "Tip", prompt: "", currency: "JPY", refusal: "invalid_currency" },
    { label: "Tip", prompt: "", currency: "", refusal: "invalid_currency" },
  ] as const)("'$label' '$currency': $refusal", ({ label, prompt, currency, refusal }) => {
    expect(contributionOfferRefusal({ label, prompt, currency })).toBe(refusal);
  });

  test.each([
    ["", "Thank you"],
    ["   ", "Thank you"],
    [" Every dollar keeps the show free ", "Every dollar keeps the show free"],
  ])("the prompt '%s' reads '%s'", (value, prompt) => {
    expect(contributionPrompt(value)).toBe(prompt);
  });
});
