import { readFile } from "node:fs/promises";
import { TopicBodies, type TopicKind } from "@onstage/domain";
import { expect, test } from "vitest";

// docs/realtime.md's message table is the domain contract (TopicBodies) written out; this keeps them equal.

const PLACEHOLDER: Record<TopicKind, string> = {
  event: "event:{eventId}",
  session: "session:{sessionId}",
  chat: "chat:{chatId}",
  presence: "presence:{sessionId}",
  polls: "polls:{sessionId}",
  "polls-team": "polls-team:{sessionId}",
  user: "user:{userId}",
};

interface MessageShape {
  shape: { kind: { value: string }; event: { value: string }; table?: { value: string } };
  description?: string;
}

function contractTable(): string {
  const rows = ["| Topic | Message | Payload |", "|---|---|---|"];
  for (const kind of Object.keys(TopicBodies) as TopicKind[]) {
    (TopicBodies[kind].options as readonly MessageShape[]).forEach((message, index) => {
      const { kind: messageKind, event, table } = message.shape;
      const name =
        messageKind.value === "change"
          ? `change \`${event.value}\` on \`${table?.value}\``
          : `broadcast \`${event.value}\``;
      const topic = index === 0 ? `\`${PLACEHOLDER[kind]}\`` : "";
      rows.push(
        `|${[topic, name, message.description ?? ""].map((cell) => ` ${cell} `.replace("  ", " ")).join("|")}|`,
      );
    });
  }
  return rows.join("\n");
}

test("docs/realtime.md lists exactly the messages of the domain contract", async () => {
  const doc = await readFile(new URL("../../../../../docs/realtime.md", import.meta.url), "utf8");
  const section = /<!-- messages:start -->\n([\s\S]*?)\n<!-- messages:end -->/.exec(doc)?.[1];
  // On a difference, paste the expected table between the markers.
  expect(section).toBe(contractTable());
});
