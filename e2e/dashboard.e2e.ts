import type { APIRequestContext } from "playwright-core";
import { expect, test } from "vitest";
import { AuthLinkPage } from "./pages/AuthLinkPage";
import { DashboardPage } from "./pages/DashboardPage";
import { EventEditorPage } from "./pages/EventEditorPage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { linkFromMailbox } from "./support/mailbox";
import { signUpVerified } from "./support/verified-account";

const browser = useBrowser();
const DEMO_HOST = { email: "host@onstage.test", password: "onstage-demo" };

test("a host creates an event with a ticket and a question and sees a registration arrive", async () => {
  const page = browser.page();
  await signInBrowser(page.request, DEMO_HOST);
  const dash = new DashboardPage(page);
  await dash.open();
  await dash.newEventButton("Onstage Demo").click();
  await dash.eventTitleField().fill("Host Journey Live");
  await dash.firstSessionField().fill("2031-05-01T18:00");
  await dash.createEventButton().click();

  const editor = new EventEditorPage(page);
  await editor.heading().filter({ hasText: "Host Journey Live" }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await editor.tab("Tickets").click();
  await editor.addButton("Add ticket").click();
  await editor.field("Ticket title").fill("General admission");
  await editor.radio("Free").check();
  await editor.dialogButton("Save ticket").click();
  await editor.row("General admission").waitFor();

  await editor.tab("Questions").click();
  await editor.addButton("Add question").click();
  await editor.field("Question").fill("Where do you watch from?");
  await editor.field("Required").check();
  await editor.dialogButton("Save question").click();
  await editor.row("Where do you watch from?").waitFor();

  await editor.tab("Details").click();
  // Issue 29 §5: a membership event asks for the tier, and the channel's owner connects its campaign here.
  await editor.accessRadio("Membership (Patreon)").check();
  const campaign = editor.panel().getByLabel("Patreon campaign ID", { exact: true });
  await campaign.fill("1234567");
  await editor.panel().getByRole("button", { name: "Connect campaign" }).click();
  await editor.message("Patreon campaign connected").waitFor();
  await editor.panel().getByRole("button", { name: "Save campaign" }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await campaign.fill("");
  await editor.panel().getByRole("button", { name: "Save campaign" }).click();
  await editor.message("Patreon campaign disconnected").waitFor();
  await editor.accessRadio("Ticketed").check();
  await editor.saveDetailsButton().click();
  await editor.message("Details saved").or(editor.message("Event saved")).first().waitFor();
  const href = (await editor.viewEventPageLink().getAttribute("href")) ?? "";
  const eventCode = new URL(href, browser.baseUrl).pathname.split("/c/")[1] ?? "";

  // An attendee registers in another browser.
  const other = await page.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!other) throw new Error("no second context");
  await signInBrowser(other.request, {
    email: `arrives-${Date.now()}@example.test`,
    firstName: "Arlo",
    lastName: "Arrives",
  });
  const eventPage = (await (await other.request.get(`/api/events/by-code/${eventCode}`)).json()) as {
    event: { id: number };
    tickets: { id: number }[];
    customRegistrationFields: { id: number }[];
  };
  const { csrfToken } = (await (await other.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const registered = await other.request.post("/api/events/register", {
    headers: { "x-csrf-token": csrfToken },
    data: {
      event_id: eventPage.event.id,
      ticket_id: eventPage.tickets[0]?.id,
      custom_registration_field_answers: [
        { field_id: eventPage.customRegistrationFields[0]?.id, answer: "Lisbon" },
      ],
    },
  });
  expect(registered.ok()).toBe(true);
  await other.close();

  await editor.tab("Registrations").click();
  await page.getByRole("rowheader", { name: "Arlo Arrives" }).waitFor();
  await page.getByRole("cell", { name: "Lisbon" }).waitFor();
  await page.getByText("1 registered").first().waitFor();
});

/** The demo channel's id, as the signed-in demo host sees it. */
async function demoChannelId(request: APIRequestContext): Promise<number> {
  const { channels } = (await (await request.get("/api/dash")).json()) as {
    channels: { channel: { id: number; name: string } }[];
  };
  const demo = channels.find((entry) => entry.channel.name === "Onstage Demo");
  if (!demo) throw new Error("no demo channel");
  return demo.channel.id;
}

test("a host invites a teammate, resends and revokes; the teammate accepts on their dashboard", async () => {
  const page = browser.page();
  await signInBrowser(page.request, DEMO_HOST);
  const demo = { channel: { id: await demoChannelId(page.request) } };
  const teammate = { email: `teammate-${Date.now()}@example.test`, firstName: "Tess", lastName: "Teammate" };
  const other = await page.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!other) throw new Error("no second context");
  await signUpVerified(other.request, browser.baseUrl, teammate);

  const dash = new DashboardPage(page);
  await dash.openChannelSettings(demo.channel.id);
  await dash.inviteEmailField().fill(teammate.email);
  await dash.inviteRoleSelect().selectOption("admin");
  await dash.inviteButton().click();
  await dash.message(`Invitation sent to ${teammate.email}`).waitFor();
  // Issue 10 §1.1: an existing account is asked, not added.
  await dash.inviteRow(teammate.email).getByText("Invited as Admin").waitFor();
  await dash.resendInviteButton(teammate.email).click();
  await dash.message(`Invitation sent again to ${teammate.email}`).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  const stray = `stray-${Date.now()}@example.test`;
  await dash.inviteEmailField().fill(stray);
  await dash.inviteButton().click();
  await dash.revokeInviteButton(stray).focus();
  await page.keyboard.press("Enter");
  await dash.message(`Invitation to ${stray} revoked`).waitFor();
  await dash.inviteRow(stray).waitFor({ state: "detached" });

  const theirPage = await other.newPage();
  const theirDash = new DashboardPage(theirPage);
  await theirDash.open();
  await theirDash.acceptInviteButton("Onstage Demo").waitFor();
  expect(await axeViolations(theirPage)).toEqual([]);
  await theirDash.acceptInviteButton("Onstage Demo").click();
  await theirDash.message("You joined the team of Onstage Demo").waitFor();
  await theirDash.channelRole("Onstage Demo", "Admin").waitFor();
  await other.close();

  await page.reload();
  await dash.memberRoleSelect("Tess Teammate").waitFor();
  expect(await dash.resendInviteButton(teammate.email).count()).toBe(0);
});

test("an address someone signed up first: its owner's invite link ends their session and joins the team", async () => {
  const page = browser.page();
  const email = `newhire-${Date.now()}@example.test`;
  const squatter = await page.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!squatter) throw new Error("no second context");
  await signInBrowser(squatter.request, { email, firstName: "Not", lastName: "Them" });
  await signInBrowser(page.request, DEMO_HOST);
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const invited = await page.request.post(`/api/channels/${await demoChannelId(page.request)}/members`, {
    headers: { "x-csrf-token": csrfToken },
    data: { email, role: "member" },
  });
  expect(invited.ok()).toBe(true);

  const owner = await page.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!owner) throw new Error("no third context");
  const ownerPage = await owner.newPage();
  const linkPage = new AuthLinkPage(ownerPage);
  await linkPage.open(
    await linkFromMailbox(browser.baseUrl, email, "Dana Host invited you to Onstage Demo on Onstage"),
  );
  await linkPage.firstNameField().fill("Nadia");
  await linkPage.lastNameField().fill("Newhire");
  await linkPage.continueButton().click();
  const dash = new DashboardPage(ownerPage);
  await dash.channelRole("Onstage Demo", "Member").waitFor();
  expect(await axeViolations(ownerPage)).toEqual([]);
  expect(((await (await squatter.request.get("/api/me")).json()) as { user: unknown }).user).toBeNull();
  await Promise.all([squatter.close(), owner.close()]);
});
