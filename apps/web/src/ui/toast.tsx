import type { ReactNode } from "react";
import { Toaster as SonnerToaster, toast as sonner } from "sonner";

/** For messages the specs give no duration for; sonner's own default. */
export const DEFAULT_TOAST_MS = 4_000;

/** Mount once at the app root. */
export function Toaster() {
  return <SonnerToaster position="top-center" closeButton />;
}

interface ToastOptions {
  /** Every toast states its duration: the specs give one per message (spec 1 §9). */
  durationMs: number;
  description?: ReactNode;
  /** Same id = same toast: a repeated trigger (e.g. React strict mode) does not stack copies. */
  id?: string;
  /** One button in the toast (e.g. 'Join'). */
  action?: { label: string; onClick: () => void };
}

function options({ durationMs, description, id, action }: ToastOptions) {
  return { duration: durationMs, description, id, action };
}

export const toast = {
  success: (title: string, opts: ToastOptions) => sonner.success(title, options(opts)),
  info: (title: string, opts: ToastOptions) => sonner.info(title, options(opts)),
  warning: (title: string, opts: ToastOptions) => sonner.warning(title, options(opts)),
  error: (title: string, opts: ToastOptions) => sonner.error(title, options(opts)),
  message: (title: string, opts: ToastOptions) => sonner(title, options(opts)),
};
