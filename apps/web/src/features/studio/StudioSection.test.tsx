// @vitest-environment happy-dom
import { type BroadcastType, errorMessage, studioFeatureRefusal } from "@onstage/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { StudioSection } from "./StudioSection";

afterEach(cleanup);

// Spec 3 §1: in RTMP mode Brand and Overlays stay in the accordion, closed, and say why.
const refusalIn = (broadcastType: BroadcastType, feature: "brand" | "overlays") => {
  const code = studioFeatureRefusal(broadcastType, feature);
  return code && errorMessage(code);
};

test.each([
  ["rtmp", "brand"],
  ["rtmp-native", "overlays"],
] as const)("a %s session's %s section cannot open and its tooltip names RTMP Mode", (type, feature) => {
  render(
    <StudioSection title="Brand" disabledBecause={refusalIn(type, feature)}>
      <p>inside</p>
    </StudioSection>,
  );
  const summary = screen.getByRole("button", { name: "Brand" });
  expect(summary.getAttribute("aria-disabled")).toBe("true");
  expect(summary.getAttribute("aria-describedby")).toBeTruthy();
  const tooltip = document.getElementById(summary.getAttribute("aria-describedby") ?? "");
  expect(tooltip?.textContent).toBe("This feature is disabled in RTMP Mode");
  expect(screen.queryByText("inside")).toBeNull();
});

test("a camera session's section opens as a disclosure with its content", () => {
  render(
    <StudioSection title="Overlays" disabledBecause={refusalIn("webrtc", "overlays")}>
      <p>inside</p>
    </StudioSection>,
  );
  expect(document.querySelector("details summary")?.textContent).toBe("Overlays");
  expect(screen.getByText("inside")).toBeTruthy();
});
