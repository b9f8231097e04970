import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import type { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";
import { multipart } from "../../../testing/images";
import { eventually } from "../../../testing/payments";
import { errorCode, roleMatrixClients, roomScene, topicMessages } from "../../../testing/room-scene";
import { pagesPdf } from "../../../testing/slides/pdf-writer";

// Issue 25 §1 (spec 3 §2-§5, §7): slides uploaded, converted by the job, listed, shown on the program
// scene with the presenter's page, renamed, reordered and deleted; by every role, on both engines.

describeOnEachDatabase("slides", (use) => {
  const app = useTestApp(use);

  const upload = (
    client: TestClient,
    sessionId: number,
    name: string,
    bytes: Buffer,
    type = "application/pdf",
  ) =>
    client.request(
      "POST",
      `/api/file-presentations/upload?video_session_id=${sessionId}`,
      multipart("file", name, type, bytes),
    );

  /** A deck uploaded and converted in the room scene's live session, by its host. */
  async function deck(pages = 3, name = "Quarterly review.pdf") {
    const s = await roomScene(app().server, use());
    const host = s.people.host.client;
    const uploaded = await upload(host, s.session, name, pagesPdf(pages));
    expect(uploaded.statusCode).toBe(200);
    const { fileUrl } = uploaded.json() as { fileUrl: string };
    const converted = await host.post("/api/file-convert", {
      fileUrl,
      video_session_id: s.session,
      org_id: s.channel,
      event_id: s.event,
      file_name: name,
    });
    expect(converted.statusCode).toBe(200);
    const { presentation } = converted.json() as { presentation: { id: number } };
    const list = async () =>
      (await host.get(`/api/file-presentations?video_session_id=${s.session}`)).json().presentations as {
        id: number;
        displayname: string;
        order: number;
        conversion: { state: string; pageCount: number; pagesDone: number; error: string | null };
      }[];
    await eventually(
      async () =>
        (await list()).every((p) => p.conversion.state !== "pending" && p.conversion.state !== "converting"),
      30_000,
    );
    return { ...s, host, fileUrl, id: presentation.id, list };
  }

  const update = (client: TestClient, id: number, data: Record<string, unknown>) =>
    client.post("/api/file-presentations/update", { file_presentation_id: id, data });

  test("a PDF is stored under file-conversions/channel-{org}/session-{session}, converted page by page, and listed", async () => {
    const s = await deck(3);
    expect(s.fileUrl).toMatch(
      new RegExp(`file-conversions/channel-${s.channel}/session-${s.session}/[0-9a-f]{32}\\.pdf$`),
    );
    expect(await s.list()).toMatchObject([
      {
        id: s.id,
        displayname: "Quarterly review",
        fileType: "pdf",
        order: 1,
        isActive: false,
        conversion: { state: "ready", pageCount: 3, pagesDone: 3, error: null },
      },
    ]);
  });

  test("Show puts page 1 on everyone's program scene; the presenter moves to page 2; a second host gets 'FilePresentation already in progress'", async () => {
    const s = await deck(3);
    const before = (await topicMessages(use(), s.topics.session)).length;
    const shown = await update(s.host, s.id, { is_active: true });
    expect(shown.json().presentation).toMatchObject({
      isActive: true,
      state: { presenterId: s.people.host.userId, position: 1 },
    });
    const guestStudio = async () =>
      (await s.people.guest.client.get(`/api/video-session/studio?video_session_id=${s.session}`)).json();
    const onAir = (await guestStudio()).slides;
    expect(onAir).toMatchObject({ id: s.id, position: 1, presenterId: s.people.host.userId });
    expect(onAir.pageUrls).toHaveLength(3);
    const page = await s.people.guest.client.get(new URL(onAir.pageUrls[1], "http://x").pathname);
    expect([page.statusCode, page.headers["content-type"]]).toEqual([200, "image/png"]);

    expect((await update(s.host, s.id, { state: { position: 2 } })).statusCode).toBe(200);
    expect((await guestStudio()).slides.position).toBe(2);
    // Past the last page stays on the last.
    await update(s.host, s.id, { state: { position: 9 } });
    expect((await guestStudio()).slides.position).toBe(3);
    const told = (await topicMessages(use(), s.topics.session)).slice(before);
    expect(told.map((m) => m.event)).toEqual(["studio.changed", "studio.changed", "studio.changed"]);

    const owner = s.people.owner.client;
    for (const res of [
      await update(owner, s.id, { is_active: true }),
      await update(owner, s.id, { state: { position: 1 } }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: "slide_in_progress",
        message: "FilePresentation already in progress",
      });
    }
    expect((await guestStudio()).slides.position).toBe(3);

    // Hidden by anyone of the team; then the owner may present.
    await update(owner, s.id, { is_active: false });
    expect((await guestStudio()).slides).toBeNull();
    expect((await update(owner, s.id, { is_active: true })).json().presentation.state.presenterId).toBe(
      s.people.owner.userId,
    );
  });

  test("rename needs a name; reorder numbers from 1; delete removes the pages", async () => {
    const s = await deck(2, "a.pdf");
    const second = await upload(s.host, s.session, "b.pdf", pagesPdf(1));
    const { presentation } = (
      await s.host.post("/api/file-convert", {
        fileUrl: second.json().fileUrl,
        video_session_id: s.session,
        org_id: s.channel,
        event_id: s.event,
        file_name: "b.pdf",
      })
    ).json();
    const empty = await update(s.host, s.id, { displayname: "   " });
    expect([empty.statusCode, empty.json().error.message]).toEqual([400, "Please enter a name"]);
    expect(
      (await update(s.host, s.id, { displayname: " Board deck " })).json().presentation.displayname,
    ).toBe("Board deck");

    const reordered = await s.host.post("/api/file-presentations/reorder", {
      video_session_id: s.session,
      order: [presentation.id, s.id],
    });
    expect(reordered.json().presentations.map((p: { id: number; order: number }) => [p.id, p.order])).toEqual(
      [
        [presentation.id, 1],
        [s.id, 2],
      ],
    );
    const partial = await s.host.post("/api/file-presentations/reorder", {
      video_session_id: s.session,
      order: [s.id],
    });
    expect(errorCode(partial)).toBe("slide_bad_order");

    await update(s.host, s.id, { is_active: true });
    const pages = (await s.host.get(`/api/video-session/studio?video_session_id=${s.session}`)).json().slides
      .pageUrls as string[];
    expect((await s.host.post("/api/file-presentations/delete", { id: s.id })).statusCode).toBe(200);
    expect(
      (await s.host.get(`/api/video-session/studio?video_session_id=${s.session}`)).json().slides,
    ).toBeNull();
    for (const url of pages)
      expect((await s.host.get(new URL(url, "http://x").pathname)).statusCode).toBe(404);
    expect((await s.list()).map((p) => p.id)).toEqual([presentation.id]);
  });

  test("refusals: a type outside the list, a file that is not what it says, another session's upload, a deck not converted yet", async () => {
    const s = await deck(1);
    const exe = await upload(s.host, s.session, "tool.exe", Buffer.from("MZ"), "application/octet-stream");
    expect([exe.statusCode, exe.json().error.message]).toEqual([
      400,
      "Only pdf, doc, docx, ppt, pptx, png, jpg and jpeg files can be uploaded",
    ]);

    const fake = await upload(s.host, s.session, "fake.pdf", Buffer.from("not a pdf at all"));
    await s.host.post("/api/file-convert", {
      fileUrl: fake.json().fileUrl,
      video_session_id: s.session,
      org_id: s.channel,
      event_id: s.event,
      file_name: "fake.pdf",
    });
    await eventually(async () => (await s.list()).some((p) => p.conversion.state === "failed"), 30_000);
    const failed = (await s.list()).find((p) => p.conversion.state === "failed");
    expect(failed?.conversion.error).toMatch(/not a pdf file/i);
    const showFailed = await update(s.host, failed?.id ?? 0, { is_active: true });
    expect(errorCode(showFailed)).toBe("slide_not_ready");

    const elsewhere = await s.host.post("/api/file-convert", {
      fileUrl: s.fileUrl,
      video_session_id: s.otherSession,
      org_id: s.channel,
      event_id: s.event,
    });
    expect(errorCode(elsewhere)).toBe("slide_upload_not_found");
    const invented = await s.host.post("/api/file-convert", {
      fileUrl: s.fileUrl.replace(/[0-9a-f]{32}/, "0".repeat(32)),
      video_session_id: s.session,
      org_id: s.channel,
      event_id: s.event,
    });
    expect(errorCode(invented)).toBe("slide_upload_not_found");
  });

  test.each([
    { who: "owner", status: 200 },
    { who: "channelAdmin", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "member", status: 403 },
    { who: "moderator", status: 403 },
    { who: "speaker", status: 403 },
    { who: "guest", status: 403 },
    { who: "banned", status: 403 },
    { who: "visitor", status: 401 },
  ])("$who: list, upload, show, move, rename, reorder, delete → $status", async ({ who, status }) => {
    const s = await deck(1);
    const as = await roleMatrixClients(s, "admin");
    const client = as(who);
    const answers = [
      (await client.get(`/api/file-presentations?video_session_id=${s.session}`)).statusCode,
      (await upload(client, s.session, "x.pdf", pagesPdf(1))).statusCode,
      (await update(client, s.id, { is_active: true })).statusCode,
      (await update(client, s.id, { state: { position: 1 } })).statusCode,
      (await update(client, s.id, { displayname: "Mine" })).statusCode,
      (await client.post("/api/file-presentations/reorder", { video_session_id: s.session, order: [s.id] }))
        .statusCode,
      (await client.post("/api/file-presentations/delete", { id: s.id })).statusCode,
    ];
    expect(answers).toEqual(answers.map(() => status));
  });
});
