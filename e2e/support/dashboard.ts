import type { APIRequestContext } from "playwright-core";

/** The CSRF header every POST of a signed-in browser context carries. */
export async function csrfHeaders(request: APIRequestContext): Promise<{ "x-csrf-token": string }> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return { "x-csrf-token": csrfToken };
}

export interface CreatedEvent {
  event: { id: number; eventCode: string };
  sessions: { id: number; urlHash: string; title: string }[];
}

/**
 * As the demo host (signed in on `request`): a new event of the demo channel, open unless told, with one
 * scheduled session (titled `firstSessionTitle` when given).
 */
export async function eventOfDemoHost(
  request: APIRequestContext,
  fields: { access?: string; multiSession?: boolean; firstSessionTitle?: string } = {},
): Promise<CreatedEvent> {
  const headers = await csrfHeaders(request);
  const dash = (await (await request.get("/api/dash")).json()) as { channels: { channel: { id: number } }[] };
  const created = await request.post(`/api/channels/${dash.channels[0]?.channel.id}/events`, {
    headers,
    data: {
      title: `Host controls ${Date.now()}`,
      timezone: "UTC",
      access: fields.access ?? "open",
      multiSession: fields.multiSession ?? false,
      firstSession: {
        title: fields.firstSessionTitle ?? "",
        timeScheduled: "2031-01-01T10:00:00.000Z",
        durationMinutes: 60,
      },
    },
  });
  if (!created.ok()) throw new Error(`event not created: ${created.status()} ${await created.text()}`);
  return (await created.json()) as CreatedEvent;
}
