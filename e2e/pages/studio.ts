import type { Page } from "playwright-core";
import { RoomPage } from "./room";

/** The studio module of the room's sidebar (spec 3 §2), for a studio admin. */
export class StudioPanel {
  constructor(private readonly page: Page) {}

  panel() {
    return this.page.getByRole("region", { name: "Studio" });
  }

  async open() {
    await new RoomPage(this.page).tab("Studio").click();
    await this.panel().waitFor();
  }

  /** Opens an accordion section (several stay open at once). */
  async section(title: "Brand" | "Overlays" | "Videos" | "Slides" | "Calls to action") {
    const summary = this.page.locator("summary", { hasText: title });
    const details = this.panel().locator("details", { has: summary });
    if ((await details.getAttribute("open")) === null) await summary.click();
    return details;
  }

  async setColour(hex: string) {
    const field = (await this.section("Brand")).getByLabel("Primary colour", { exact: true });
    await field.fill(hex);
    await field.press("Enter");
  }

  /** Uploads a brand image and waits until the studio shows it stored. */
  async upload(kind: "Logo" | "Background", png: Buffer) {
    const brand = await this.section("Brand");
    await brand
      .getByLabel(kind, { exact: true })
      .setInputFiles({ name: `${kind}.png`, mimeType: "image/png", buffer: png });
    await brand.getByRole("img", { name: `Current ${kind.toLowerCase()}` }).waitFor();
  }

  async createTitle(title: string, subtitle: string) {
    const overlays = await this.section("Overlays");
    await overlays.getByLabel("Title", { exact: true }).fill(title);
    await overlays.getByLabel("Subtitle", { exact: true }).fill(subtitle);
    await overlays.getByRole("button", { name: "Create", exact: true }).click();
    await overlays.getByRole("button", { name: `Show ${title}`, exact: true }).waitFor();
  }

  async show(title: string) {
    await (await this.section("Overlays"))
      .getByRole("button", { name: `Show ${title}`, exact: true })
      .click();
  }

  async hide(title: string) {
    await (await this.section("Overlays"))
      .getByRole("button", { name: `Hide ${title}`, exact: true })
      .click();
  }

  /** Uploads a deck in the Slides section and waits until it is converted ('N pages'). */
  async uploadSlides(name: string, bytes: Buffer, pages: number) {
    const slides = await this.section("Slides");
    await slides
      .getByLabel(/^Upload slides/)
      .setInputFiles({ name, mimeType: "application/octet-stream", buffer: bytes });
    const item = slides.getByRole("listitem").filter({ hasText: name.replace(/\.[a-z]+$/, "") });
    await item.getByText(pages === 1 ? "1 page" : `${pages} pages`).waitFor({ timeout: 60_000 });
    return item;
  }

  /** Uploads a video in the Videos section and waits until it is prepared (its length shows). */
  async uploadVideo(name: string, bytes: Buffer, length: RegExp) {
    const videos = await this.section("Videos");
    await videos.getByLabel(/^Upload a video/).setInputFiles({ name, mimeType: "video/mp4", buffer: bytes });
    const item = videos.getByRole("listitem").filter({ hasText: name.replace(/\.[a-z0-9]+$/, "") });
    await item.getByText(length).waitFor({ timeout: 60_000 });
    return item;
  }

  async showVideo(title: string) {
    await (await this.section("Videos")).getByRole("button", { name: `Show ${title}`, exact: true }).click();
  }

  async hideVideo(title: string) {
    const hide = (await this.section("Videos")).getByRole("button", { name: `Hide ${title}`, exact: true });
    // Spec 3 §4's 2.5 s pause after Show.
    await hide.click({ timeout: 10_000 });
  }

  /** Templates menu: save this session's elements as a new template. */
  async saveTemplate(name: string) {
    await this.panel().getByRole("button", { name: "Templates", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Templates" });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.getByLabel("Template name").fill(name);
    await dialog.getByRole("button", { name: "Save template" }).click();
    await dialog.waitFor({ state: "detached" });
  }
}
