// @vitest-environment happy-dom
import { type BroadcastType, viewerFlags } from "@onstage/domain";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderWithQueries } from "../../testing/apiStub";
import { StageInviteMenu } from "./StageInviteMenu";

const owner = viewerFlags({ userId: 1, eventRole: null, orgRole: "owner" }, 7);

const renderMenu = (broadcastType: BroadcastType) =>
  renderWithQueries(
    <StageInviteMenu
      session={{ sessionId: 7, eventId: 3 }}
      broadcastType={broadcastType}
      userId={2}
      name="Gus Guest"
      intent={null}
      viewerUserId={1}
      flags={owner}
    />,
  );

describe("StageInviteMenu: spec 1 §5, no invite to an RTMP broadcast's stage", () => {
  test.each(["rtmp", "rtmp-native"] as const)("%s: no stage actions at all", (broadcastType) => {
    const { container } = renderMenu(broadcastType);
    expect(container.innerHTML).toBe("");
  });

  test("webrtc: the host may invite", () => {
    renderMenu("webrtc");
    expect(screen.getByRole("button", { name: /Gus Guest/ })).toBeTruthy();
  });
});
