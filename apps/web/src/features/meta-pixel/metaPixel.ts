import type { EventDetails } from "@onstage/domain";

// Issue 28 §5: an event's Meta pixel, loaded only when one of its two events is due (this module is
// itself loaded on demand: the landing page's first load stays within its budget). Meta's standard base
// code, written out: `fbq` queues its calls until fbevents.js has loaded and takes them over.

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** fbevents.js would send a PageView of its own on every in-app navigation. */
  disablePushState: boolean;
};

type MetaPixelEvent = "PageView" | "CompleteRegistration";

const META_PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

const initialized = new Set<string>();
const pageViewsSent = new Set<string>();

function fbq(): Fbq {
  const host = window as Window & { fbq?: Fbq; _fbq?: Fbq };
  if (host.fbq) return host.fbq;
  const stub = ((...args: unknown[]) => {
    if (stub.callMethod) stub.callMethod.apply(stub, args);
    else stub.queue.push(args);
  }) as Fbq;
  Object.assign(stub, { queue: [], push: stub, loaded: true, version: "2.0", disablePushState: true });
  host.fbq = stub;
  host._fbq ??= stub;
  const script = document.createElement("script");
  script.async = true;
  script.src = META_PIXEL_SCRIPT_URL;
  document.head.append(script);
  return stub;
}

/**
 * The server's CSP lets Meta's script load only on the document it sent for an event with a pixel: not
 * on a page the app moved to from another one (the home page, another event), where it would be refused.
 */
function isDocumentOf(eventCode: string): boolean {
  const [navigation] = performance.getEntriesByType("navigation");
  if (!navigation) return false;
  const [, root, code] = new URL(navigation.name).pathname.split("/");
  // Compared encoded, as the app's links write it: a malformed address never throws in a registration.
  return root === "c" && code === encodeURIComponent(eventCode);
}

function send(event: EventDetails, name: MetaPixelEvent): void {
  const pixel = event.metaPixel;
  if (!pixel || !isDocumentOf(event.eventCode)) return;
  const track = fbq();
  if (!initialized.has(pixel.id)) {
    initialized.add(pixel.id);
    // The two events the host chose and no others: no events Meta would infer from clicks on the page.
    track("set", "autoConfig", false, pixel.id);
    track("init", pixel.id);
  }
  track("track", name);
}

/** PageView, once per page load, when the host switched it on. */
export function metaPixelPageLoad(event: EventDetails): void {
  if (!event.metaPixel?.eventPageLoad || pageViewsSent.has(event.eventCode)) return;
  pageViewsSent.add(event.eventCode);
  send(event, "PageView");
}

/** CompleteRegistration after a registration went through, when the host switched it on. */
export function metaPixelRegistrationCompleted(event: EventDetails): void {
  if (event.metaPixel?.eventRegistrationCompleted) send(event, "CompleteRegistration");
}
