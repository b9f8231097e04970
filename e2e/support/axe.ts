import axe from "axe-core";
import type { Page } from "playwright-core";

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core's WCAG 2 A/AA rules on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the devtools protocol rather than as a <script>: the app's CSP refuses inline scripts.
  await page.evaluate(axe.source);
  // A toast or dialog still fading in has a transparent colour that axe reads as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async () => {
    // So is a button whose variant changed a moment ago (a colour transition starting while axe reads):
    // axe reads the settled colours. A constructed sheet, since the CSP refuses inline styles.
    const settled = new CSSStyleSheet();
    settled.replaceSync("*, *::before, *::after { transition: none !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, settled];
    const result = await (window as unknown as { axe: typeof axe }).axe
      .run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        // Two rules (no-autoplay-audio, css-orientation-lock) first load the page's media and style
        // sheets, for up to 10 s by default: a player whose source failed or has not started yet kept
        // every such check waiting that long. A medium not loaded by then leaves its check incomplete.
        preload: { assets: ["cssom", "media"], timeout: 2_000 },
      })
      .finally(() => {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== settled);
      });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
}
