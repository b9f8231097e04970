import type { Page } from "playwright-core";

/** The RTMP room's host parts (spec 2 §1): the RTMP setup and the streamer view. */
export class RtmpSetupPanel {
  constructor(private readonly page: Page) {}

  region() {
    return this.page.getByRole("region", { name: "RTMP setup" });
  }

  serverAddress() {
    return this.region().getByLabel("Server address", { exact: true });
  }

  streamKey() {
    return this.region().getByLabel("Stream key", { exact: true });
  }

  button(name: string) {
    return this.region().getByRole("button", { name, exact: true });
  }

  /** The address and key as an encoder needs them. */
  async publishUrl() {
    return `${await this.serverAddress().inputValue()}/${await this.streamKey().inputValue()}`;
  }

  waiting() {
    return this.page.getByRole("region", { name: "Waiting for your encoder…" });
  }

  preview() {
    return this.page.getByLabel("Your encoder's stream", { exact: true });
  }
}
