import type { Locator } from "playwright-core";

/** A control's accessible description: the text of the elements its aria-describedby names. */
export function accessibleDescription(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );
}
