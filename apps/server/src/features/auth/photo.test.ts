import { Jimp } from "jimp";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = "----onstage-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

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
    const png = await new Jimp({ width: 600, height: 400, color: 0x3366ccff }).getBuffer("image/png");
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
    const image = await Jimp.read(served.rawPayload);
    expect([image.width, image.height]).toEqual([256, 256]);
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
