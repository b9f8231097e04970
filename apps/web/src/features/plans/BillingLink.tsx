import type { ReactNode } from "react";

/** Spec 2 §2: the billing tab opens in a new tab from plan banners and upgrade links. */
export function BillingLink({ children }: { children: ReactNode }) {
  return (
    <a href="/settings?tab=billing" target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
