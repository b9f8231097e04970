import type { PlanBanner } from "@onstage/domain";

// Spec 2 §2 "Both plan banners can be dismissed": for the tab (sessionStorage), per channel and banner
// kind, so a dismissed banner stays away across the tab's pages but a new tab shows it again
// (docs/decisions.md "Plan limits").

type Store = Pick<Storage, "getItem" | "setItem">;

const key = (organizationId: number, kind: PlanBanner["kind"]) =>
  `onstage.planBanner.${organizationId}.${kind}`;

export function isBannerDismissed(store: Store, organizationId: number, kind: PlanBanner["kind"]): boolean {
  try {
    return store.getItem(key(organizationId, kind)) === "dismissed";
  } catch {
    return false;
  }
}

export function dismissBanner(store: Store, organizationId: number, kind: PlanBanner["kind"]): void {
  try {
    store.setItem(key(organizationId, kind), "dismissed");
  } catch {
    // Storage refused (private mode, quota): the banner is dismissed for this page only.
  }
}
