import { performance } from "node:perf_hooks";
import { setTimeout } from "node:timers/promises";
import sharp from "sharp";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import {
  compressedBlankPng,
  decoyFrameJpeg,
  imageSize,
  interlacedPng,
  multipart,
  pngOf,
} from "../../testing/images";

/** A PNG header claiming enormous dimensions: refused before any pixel is decoded. */
function hugePngHeader(): Buffer {
  const png = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
  png.writeUInt32BE(13, 8);
  png.write("IHDR", 12);
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  return png;
}

describeOnEachDatabase("profile photo upload", (use) => {
  const app = useTestApp(use);

  async function signedIn() {
    const browser = new TestClient(app().server);
    await browser.post("/api/auth/signup", {
      email: `photo${Date.now()}${Math.random()}@example.test`.replace("0.", ""),
      firstName: "P",
      lastName: "Q",
      tosAccepted: true,
    });
    return browser;
  }

  test("a PNG is re-encoded as a 256 px JPEG under a server-chosen name and served", async () => {
    const browser = await signedIn();
    const png = await pngOf(600, 400);
    const res = await browser.request(
      "POST",
      "/api/user/photo",
      multipart("photo", "../../etc/passwd.png", "image/png", png),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.profilePhoto;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.jpg$/);
    const served = await browser.get(url);
    expect(served.statusCode).toBe(200);
    expect(await imageSize(served.rawPayload)).toEqual({ format: "jpeg", width: 256, height: 256 });
  });

  test("a phone photo is re-encoded without its metadata", async () => {
    const browser = await signedIn();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#884422" } })
      .withExif({ IFD0: { Make: "Onstage Phone", Copyright: "Someone" } })
      .jpeg()
      .toBuffer();
    const res = await browser.request(
      "POST",
      "/api/user/photo",
      multipart("photo", "p.jpg", "image/jpeg", photo),
    );
    expect(res.statusCode).toBe(200);
    const served = (await browser.get(res.json().user.profilePhoto)).rawPayload;
    expect(await imageSize(served)).toEqual({ format: "jpeg", width: 256, height: 256 });
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes("Onstage Phone")).toBe(false);
  });

  // Issue 10 §1.3: each took seconds and a gigabyte of the event loop's process before it was refused or
  // accepted.
  test.each([
    { case: "a JPEG with a 1×1 frame header before an 8000×8000 one", bomb: decoyFrameJpeg },
    { case: "an interlaced 6000×6000 PNG", bomb: () => interlacedPng() },
    { case: "a 6300×6300 PNG of 50 KB", bomb: compressedBlankPng },
  ])("$case is refused in under a second", async ({ bomb }) => {
    const browser = await signedIn();
    const upload = multipart("photo", "bomb.png", "image/png", await bomb());
    const started = performance.now();
    const res = await browser.request("POST", "/api/user/photo", upload);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_image");
    expect((await browser.get("/api/me")).json().user.profilePhoto).toBeNull();
  });

  test("/api/health keeps answering within 100 ms while a large photo is decoded", async () => {
    const browser = await signedIn();
    const largest = multipart("photo", "big.png", "image/png", await interlacedPng(5000));
    let decoding = true;
    const upload = browser.request("POST", "/api/user/photo", largest).finally(() => {
      decoding = false;
    });
    const latencies: number[] = [];
    while (decoding) {
      const sent = performance.now();
      expect((await browser.get("/api/health")).statusCode).toBe(200);
      latencies.push(performance.now() - sent);
      // A pause between checks, as a monitor makes: a loop of checks alone would starve the event loop.
      await setTimeout(10);
    }
    expect((await upload).statusCode).toBe(200);
    // The 95th percentile: on a shared machine the scheduler alone can hold a process for a moment,
    // while a decode on the event loop holds every check that falls into it.
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(5);
    expect(latencies[Math.floor(latencies.length * 0.95)]).toBeLessThan(100);
  });

  test.each([
    { case: "a text file named .png", bytes: Buffer.from("not an image at all"), type: "image/png" },
    { case: "a PNG header claiming 10 gigapixels", bytes: hugePngHeader(), type: "image/png" },
    { case: "an empty file", bytes: Buffer.alloc(0), type: "image/jpeg" },
  ])("$case is refused with the image message and changes nothing", async ({ bytes, type }) => {
    const browser = await signedIn();
    const res = await browser.request("POST", "/api/user/photo", multipart("photo", "x.png", type, bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "invalid_image",
      message: "Please upload a PNG or JPEG image of at most 10 MB",
    });
    expect((await browser.get("/api/me")).json().user.profilePhoto).toBeNull();
  });

  test("a visitor cannot upload", async () => {
    const anonymous = new TestClient(app().server);
    const res = await anonymous.request(
      "POST",
      "/api/user/photo",
      multipart("photo", "x.png", "image/png", Buffer.from("x")),
    );
    expect(res.statusCode).toBe(401);
  });
});
