import { isSupportedBrowser } from "@onstage/domain";

/** Where 'Learn More' leads: the browser the room is built and tested on (docs/decisions.md). */
const LEARN_MORE_URL = "https://www.google.com/chrome/";

/** Spec 1 §2: 'Unsupported Browser Version' with a Learn More link, for browsers other than a recent Chromium. */
export function UnsupportedBrowserBanner() {
  if (isSupportedBrowser(navigator.userAgent)) return null;
  return (
    <section className="room-banner" aria-labelledby="unsupported-browser-title">
      <h2 id="unsupported-browser-title" className="room-banner__title">
        Unsupported Browser Version
      </h2>
      <p className="room-banner__text">
        The live stage works best in a recent Chromium browser such as Chrome or Edge.{" "}
        <a href={LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
          Learn More<span className="visually-hidden"> about supported browsers</span>
        </a>
      </p>
    </section>
  );
}
