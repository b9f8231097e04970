import type { Page } from "playwright-core";

/** The live room at /c/{event_code}: sidebar tabs, chat, and the duplicate-tab screen (spec 1 §2, §4). */
export class RoomPage {
  constructor(private readonly page: Page) {}

  open(eventCode: string, query = "") {
    return this.page.goto(`/c/${eventCode}${query}`);
  }

  /** The host: from the room, into the greenroom and live without recording, until 'You're live!'. */
  async goLiveFromGreenroom() {
    await this.page.getByRole("button", { name: "Enter greenroom", exact: true }).click();
    await this.page.getByRole("button", { name: "Go live", exact: true }).click();
    await this.page
      .getByRole("dialog", { name: "Go live" })
      .getByRole("button", { name: "Go live only" })
      .click();
    await this.page.getByText("You're live!").waitFor({ timeout: 45_000 });
  }

  /** A sidebar tab; its name may end with an unread count ('Chat, 3 unread'). */
  tab(name: "Chat" | "Q&A" | "Polls" | "People" | "Backstage" | "Studio") {
    return this.page.getByRole("tab", { name: new RegExp(`^${name}`) });
  }

  chatLog() {
    return this.page.getByRole("log", { name: "Chat messages" });
  }

  messageBox() {
    return this.page.getByRole("textbox", { name: "Message", exact: true });
  }

  sendButton() {
    return this.page.getByRole("button", { name: "Send", exact: true });
  }

  /** Whether the message box and its Send button are inside the viewport, as the page is scrolled now. */
  async isComposerOnScreen() {
    const viewport = this.page.viewportSize();
    if (!viewport) throw new Error("no viewport");
    const boxes = await Promise.all([this.messageBox().boundingBox(), this.sendButton().boundingBox()]);
    return boxes.every(
      (box) =>
        box !== null &&
        box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= viewport.width &&
        box.y + box.height <= viewport.height,
    );
  }

  /** Types and sends with Enter, as people do. */
  async send(text: string) {
    await this.messageBox().fill(text);
    await this.messageBox().press("Enter");
  }

  message(text: string) {
    return this.chatLog().getByRole("listitem").filter({ hasText: text });
  }

  reaction(messageText: string, emoji: string, count: number) {
    return this.message(messageText).getByRole("button", { name: `${emoji} ${count}`, exact: true });
  }

  async react(messageText: string, emoji: string) {
    await this.message(messageText).getByRole("button", { name: "Add reaction" }).click();
    await this.message(messageText)
      .getByRole("button", { name: `React with ${emoji}` })
      .click();
  }

  async edit(messageText: string, newText: string) {
    await this.message(messageText).getByRole("button", { name: "Edit", exact: true }).click();
    const field = this.page.getByRole("textbox", { name: "Edit message" });
    await field.fill(newText);
    await field.press("Enter");
  }

  async delete(messageText: string) {
    await this.message(messageText).getByRole("button", { name: "Delete", exact: true }).click();
  }

  section(name: RegExp) {
    return this.page.getByRole("region", { name });
  }

  connectionStatus() {
    return this.page.getByRole("status").filter({ hasText: "Reconnecting…" });
  }

  toggleChatButton(label: "Disable chat" | "Enable chat") {
    return this.page.getByRole("button", { name: label, exact: true });
  }

  popOutButton() {
    return this.page.getByRole("button", { name: "Pop out chat" });
  }

  duplicateTabHeading() {
    return this.page.getByRole("heading", { name: "Onstage is open in another tab" });
  }

  useHereButton() {
    return this.page.getByRole("button", { name: "Use here" });
  }
}
