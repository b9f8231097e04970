import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";

/** For messages the specs give no duration for; sonner's own default. */
export const DEFAULT_TOAST_MS = 4_000;

// Issue 14: sonner loads with the first toast, not with every page. Toasts shown before its Toaster
// subscribes are not lost: sonner replays the active ones to a new subscriber.
const loadSonner = () => import("sonner");
const SonnerToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

let isWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function want() {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

/** Mount once at the app root. */
export function Toaster() {
  const isShown = useSyncExternalStore(
    subscribe,
    () => isWanted,
    () => false,
  );
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" closeButton />
    </Suspense>
  );
}

interface ToastOptions {
  /** Every toast states its duration: the specs give one per message (spec 1 §9). */
  durationMs: number;
  description?: ReactNode;
  /** Same id = same toast: a repeated trigger (e.g. React strict mode) does not stack copies. */
  id?: string;
  /** One button in the toast (e.g. 'Join'). */
  action?: { label: string; onClick: () => void };
  /** Where a spec puts this one toast (spec 3 §8: the slide's 'already in progress' at the top right). */
  position?: "top-right";
}

function options({ durationMs, description, id, action, position }: ToastOptions) {
  return { duration: durationMs, description, id, action, position };
}

type Kind = "success" | "info" | "warning" | "error" | "message";

const show = (kind: Kind) => (title: string, opts: ToastOptions) => {
  want();
  void loadSonner().then(({ toast }) => (kind === "message" ? toast : toast[kind])(title, options(opts)));
};

export const toast = {
  success: show("success"),
  info: show("info"),
  warning: show("warning"),
  error: show("error"),
  message: show("message"),
};
