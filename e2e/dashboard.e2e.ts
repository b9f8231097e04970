import { expect, test } from "vitest";
import { DashboardPage } from "./pages/DashboardPage";
import { EventEditorPage } from "./pages/EventEditorPage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

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
  await editor.accessRadio("Ticketed").check();
  await editor.saveDetailsButton().click();
  await editor.message("Details saved").or(editor.message("Event saved")).first().waitFor();
  const href = (await editor.viewEventPageLink().getAttribute("href")) ?? "";
  const eventCode = href.split("/c/")[1] ?? "";

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
