import { expect, test } from "vitest";
import { parseCalendar } from "../../testing/ics";
import { type CalendarEvent, eventCalendar } from "./calendar";
import { contentLine } from "./ics";

const START = "2030-05-01T16:00:00.000Z";
const NOW = new Date("2030-04-01T00:00:00Z");

function calendarOf(fields: { title: string; description?: string; organization: string; session?: string }) {
  const page: CalendarEvent = {
    event: {
      eventCode: "cal-event",
      title: fields.title,
      description: fields.description ?? "",
      multiSession: fields.session !== undefined,
      organization: { name: fields.organization },
    },
    sessions: [
      {
        id: 7,
        title: fields.session ?? "",
        timeScheduled: START,
        durationMinutes: 90,
        sessionType: "regular",
        state: "scheduled",
      },
    ],
  };
  return eventCalendar(page, "https://onstage.test", NOW);
}

const EVENT_PROPERTIES = [
  "uid",
  "dtstamp",
  "dtstart",
  "duration",
  "summary",
  "description",
  "url",
  "location",
  "organizer",
];

test.each([
  { case: "CRLF", text: "Party\r\nATTENDEE:mailto:evil@example.test" },
  { case: "bare LF", text: "Party\nBEGIN:VALARM" },
  { case: "bare CR", text: "Party\rORGANIZER:mailto:evil@example.test" },
  { case: "separators", text: 'Pa;rty, "quoted"\\ ;CN=x:mailto:evil@example.test' },
  { case: "long and multi-byte", text: `Ünïcødé ${"🎉".repeat(40)} ${"x".repeat(120)}` },
])("a title and organizer with $case cannot add a property", ({ text }) => {
  const ics = calendarOf({ title: text, organization: text, description: text, session: text });

  const { properties, events } = parseCalendar(ics);
  expect(properties).toEqual(["version", "prodid", "calscale", "method", "x-wr-calname"]);
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event?.properties).toEqual(EVENT_PROPERTIES);
  // Text survives the round trip (line breaks as \n); a parameter loses its line breaks and quotes.
  const asText = text.replace(/\r\n|\r/g, "\n");
  expect(event?.summary).toBe(`${asText}: ${asText}`);
  expect(event?.description).toBe(`${asText}\n\nhttps://onstage.test/c/cal-event`);
  expect(event?.organizer).toEqual({
    name: text.replace(/[\r\n]/g, "").replace(/"/g, "'"),
    address: "mailto:no-reply@onstage.test",
  });
  expect(event?.startsAt).toBe(START);
  for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
});

test.each([
  {
    case: "text is escaped",
    name: "SUMMARY",
    value: { text: "a;b,c\\d\ne" },
    want: "SUMMARY:a\\;b\\,c\\\\d\\ne",
  },
  {
    case: "raw keeps separators",
    name: "URL",
    value: { raw: "https://x.test/?a=1;b" },
    want: "URL:https://x.test/?a=1;b",
  },
  {
    case: "raw loses line breaks",
    name: "URL",
    value: { raw: "https://x.test/\r\nX:1" },
    want: "URL:https://x.test/X:1",
  },
])("contentLine: $case", ({ name, value, want }) => {
  expect(contentLine(name, value)).toBe(want);
});

test("contentLine quotes every parameter value", () => {
  expect(contentLine("ORGANIZER", { raw: "mailto:a@b.test" }, { CN: 'A "B";C:D' })).toBe(
    `ORGANIZER;CN="A 'B';C:D":mailto:a@b.test`,
  );
});
