import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { expect, inject, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

// Issue 28 §4: the channel's owner adds a webhook endpoint in its settings, sends a test event, sees it
// delivered in the log, and the receiver checks its signature with the secret the page shows. The
// server may post to this one loopback port (WEBHOOK_ALLOWED_ADDRESSES, global-setup.ts); another
// private address is refused with the page's message.

const browser = useBrowser();

test("webhooks: add an endpoint, send a test event signed with its secret, read the delivery log", async () => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.end("received");
    });
  });
  const port = inject("webhookReceiverPort");
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  try {
    const page = browser.page();
    await signInBrowser(page.request, DEMO_HOST);
    const summit = (await (await page.request.get("/api/events/by-code/summit")).json()) as {
      event: { organization: { id: number } };
    };
    await page.goto(`/dash/channels/${summit.event.organization.id}`);
    const form = page.getByRole("form", { name: "Add a webhook endpoint" });
    const url = form.getByLabel("Endpoint URL");

    // A private address of this server's network is refused, and nothing is added.
    await url.fill("http://10.1.2.3/hook");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText(/cannot receive webhooks: it must be a public/).waitFor();
    expect(await page.getByRole("list", { name: "Webhook endpoints" }).count()).toBe(0);

    await url.fill(`http://127.0.0.1:${port}/onstage`);
    await form.getByRole("checkbox", { name: "Clip created" }).uncheck();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const endpoint = page.getByRole("list", { name: "Webhook endpoints" }).getByRole("listitem");
    await endpoint.getByText(`http://127.0.0.1:${port}/onstage`).waitFor();
    expect(await endpoint.getByText("Clip created").count()).toBe(0);
    await endpoint.getByRole("button", { name: "Show secret" }).click();
    const secret = (await endpoint.locator("code").innerText()).trim();
    expect(secret).toMatch(/^whsec_/);

    await endpoint.getByRole("button", { name: "Send test" }).click();
    const log = endpoint.getByRole("table", { name: /Deliveries to/ });
    await log.getByRole("cell", { name: "Delivered (HTTP 200)" }).waitFor({ timeout: 15_000 });
    expect(await log.getByRole("cell", { name: "webhook.test" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // What the receiver got verifies with the secret the page showed.
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const event = new Webhook(secret).verify(delivery?.body ?? "", delivery?.headers ?? {}) as {
      type: string;
    };
    expect(event.type).toBe("webhook.test");

    await endpoint.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByRole("list", { name: "Webhook endpoints" }).waitFor({ state: "detached" });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
