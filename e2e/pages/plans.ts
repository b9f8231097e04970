import type { Page } from "playwright-core";

/** Spec 2 §2 plan banners (dashboard and room) and /settings?tab=billing. */
export class PlanNotices {
  constructor(private readonly page: Page) {}

  banner(title: string) {
    return this.page.getByRole("region", { name: title });
  }

  dismiss(title: string) {
    return this.banner(title)
      .getByRole("button", { name: `Dismiss: ${title}` })
      .click();
  }

  billingLink(title: string) {
    return this.banner(title).getByRole("link", { name: /Please select a plan to continue/ });
  }

  updatedPlan(title: string) {
    return this.banner(title).getByRole("button", { name: "Updated Plan? Click here to update page" });
  }

  openBilling() {
    return this.page.goto("/settings?tab=billing");
  }

  /** A row of the billing tab's list of limits, by its term. */
  billingValue(term: string) {
    return this.page
      .locator(".billing__limits dt", { hasText: term })
      .locator("xpath=following-sibling::dd[1]");
  }

  usageChart() {
    return this.page.getByRole("figure");
  }
}
