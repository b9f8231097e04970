import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIRST_PAGE_ELEMENT_ID } from "@onstage/domain";

// A web build whose server entry renders the page's title and hands back the page it was given (the real
// entry is apps/web/src/entry-server.tsx; the browser journeys in e2e/first-page.e2e.ts render with it).
const STUB_ENTRY = `
export async function renderFirstPage(page) {
  const title = page.data.eventPage?.data.event.title ?? page.data.channelPage?.data.channel.name ?? "home";
  if (title === "Render Breaks") throw new Error("render failed");
  return { html: "<main data-rendered>" + title + "</main>", state: JSON.stringify(page).replaceAll("<", "\\\\u003c") };
}`;

export async function stubWebBuild(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "onstage-web-"));
  await mkdir(path.join(root, "dist"));
  await mkdir(path.join(root, "dist-server"));
  await writeFile(
    path.join(root, "dist", "index.html"),
    `<!doctype html><html><head><title>Onstage</title><!--onstage-head--></head><body><div id="root"><!--onstage-body--></div></body></html>`,
  );
  await writeFile(path.join(root, "dist-server", "entry-server.js"), STUB_ENTRY);
  return path.join(root, "dist");
}

/** The data a rendered page embeds for its hydration (null: the page carries only its preview). */
export const stateOf = (html: string) => {
  const found = html.match(
    new RegExp(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">(.*?)</script>`),
  );
  return found ? JSON.parse(found[1] ?? "") : null;
};
