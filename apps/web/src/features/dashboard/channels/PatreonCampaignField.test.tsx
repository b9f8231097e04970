// @vitest-environment happy-dom
import type { DashChannelEntry, OrgRole } from "@onstage/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../../testing/apiStub";
import { PatreonCampaignField } from "./PatreonCampaignField";

// Issue 29 §5: the channel's Patreon campaign, set from the event editor or the channel's settings.

const entry = (role: OrgRole, patreonCampaignId: string | null): DashChannelEntry => ({
  channel: {
    id: 7,
    name: "Demo",
    channelName: "demo",
    profileImage: null,
    description: null,
    patreonCampaignId,
  },
  role,
  eventCount: 1,
});

test("an owner connects a campaign: a bad number is refused in place, a good one is saved", async () => {
  const api = stubApi(({ body }) => ({
    status: 200,
    body: { ...entry("owner", null), channel: { ...entry("owner", null).channel, ...(body as object) } },
  }));
  renderWithQueries(<PatreonCampaignField entry={entry("owner", null)} />);
  const field = screen.getByLabelText("Patreon campaign ID");
  const connect = screen.getByRole("button", { name: "Connect campaign" });
  expect((connect as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(field, { target: { value: "camp-1" } });
  fireEvent.click(connect);
  expect(screen.getByText("A Patreon campaign ID is a number, e.g. 1234567")).toBeTruthy();
  expect(api.requests).toEqual([]);
  fireEvent.change(field, { target: { value: " 1234567 " } });
  // Enter saves the campaign alone, not the event form around it.
  fireEvent.keyDown(field, { key: "Enter" });
  await waitFor(() =>
    expect(api.of("PATCH", "/api/channels/7").map((r) => r.body)).toEqual([{ patreonCampaignId: "1234567" }]),
  );
});

test("an emptied field disconnects the campaign", async () => {
  const api = stubApi(() => ({ status: 200, body: entry("admin", null) }));
  renderWithQueries(<PatreonCampaignField entry={entry("admin", "1234567")} />);
  fireEvent.change(screen.getByLabelText("Patreon campaign ID"), { target: { value: "" } });
  fireEvent.click(screen.getByRole("button", { name: "Save campaign" }));
  await waitFor(() =>
    expect(api.of("PATCH", "/api/channels/7").map((r) => r.body)).toEqual([{ patreonCampaignId: null }]),
  );
});

test.each([
  { campaign: "1234567", want: "Patrons of the channel's Patreon campaign (1234567) may register." },
  { campaign: null, want: /No Patreon campaign is connected/ },
])("a channel member sees the campaign ($campaign) and no field", ({ campaign, want }) => {
  renderWithQueries(<PatreonCampaignField entry={entry("member", campaign)} />);
  expect(screen.getByText(want)).toBeTruthy();
  expect(screen.queryByLabelText("Patreon campaign ID")).toBeNull();
});
