import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnPostgres } from "../../testing/databases";
import { imageSize, multipart, pngOf } from "../../testing/images";
import { startS3Server } from "../../testing/s3-server";

describeOnPostgres("profile photo upload with S3 configured", (use) => {
  let bucket: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    bucket = await startS3Server();
  });
  afterAll(() => bucket?.close());
  const app = useTestApp(use, {
    s3: () => {
      if (!bucket) throw new Error("bucket not started");
      return bucket.config;
    },
  });

  test("the photo lands in the bucket; its kept URL redirects to a signed bucket URL serving it", async () => {
    const browser = new TestClient(app().server);
    await browser.post("/api/auth/signup", {
      email: `bucket${Date.now()}@example.test`,
      firstName: "B",
      lastName: "Q",
      tosAccepted: true,
    });
    const res = await browser.request(
      "POST",
      "/api/user/photo",
      multipart("photo", "p.png", "image/png", await pngOf(300, 300)),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.profilePhoto;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.jpg$/);

    const redirect = await browser.get(url);
    expect(redirect.statusCode).toBe(302);
    const signed = new URL(String(redirect.headers.location));
    expect(signed.origin).toBe(bucket?.config.endpoint);
    expect(signed.searchParams.has("X-Amz-Signature")).toBe(true);
    const served = await fetch(signed);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(await imageSize(Buffer.from(await served.arrayBuffer()))).toEqual({
      format: "jpeg",
      width: 256,
      height: 256,
    });
  });

  test("a /files/ path that is no safe key is not found, not redirected", async () => {
    const res = await new TestClient(app().server).get("/files/avatars/UPPER.JPG");
    expect(res.statusCode).toBe(404);
  });
});
