// @vitest-environment happy-dom
import { errorMessage } from "@onstage/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { roomFixture } from "../../testing/roomFixture";
import { QaToggles } from "./QaToggles";

describe("QaToggles in RTMP Mode (spec 3 §1)", () => {
  test.each(["rtmp", "rtmp-native"] as const)(
    "on %s the stage toggles are disabled and say why, and a click sends nothing",
    async (broadcastType) => {
      const api = stubApi(() => ({ status: 500 }));
      renderWithQueries(<QaToggles room={roomFixture({ broadcastType })} />);
      const showOnStage = screen.getByRole("checkbox", { name: "Show on stage" });
      expect(showOnStage.getAttribute("aria-disabled")).toBe("true");
      const tooltip = screen.getByRole("tooltip");
      expect(tooltip.textContent).toBe(errorMessage("studio_rtmp_mode"));
      expect(tooltip.textContent).toBe("This feature is disabled in RTMP Mode");
      expect(showOnStage.getAttribute("aria-describedby")).toBe(tooltip.id);
      await userEvent.click(showOnStage);
      await userEvent.click(screen.getByRole("checkbox", { name: "Truncate" }));
      expect(api.requests).toEqual([]);
      expect(showOnStage).toHaveProperty("checked", false);
    },
  );

  test("on webrtc they work and have no tooltip", () => {
    stubApi(() => ({ status: 500 }));
    renderWithQueries(<QaToggles room={roomFixture({ broadcastType: "webrtc" })} />);
    expect(screen.getByRole("checkbox", { name: "Show on stage" }).getAttribute("aria-disabled")).toBeNull();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
