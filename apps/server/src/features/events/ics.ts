// iCalendar (RFC 5545) content lines. Every property goes through contentLine(), so no value or
// parameter can end its line early and start a property of its own.

/** Text (§3.3.11) is escaped; a URI, date-time or duration is written as it is, minus control characters. */
export type IcsValue = { text: string } | { raw: string };

// §3.1: control characters other than HTAB are not allowed in a value; CR and LF would end the line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/g;
const FOLD_AT_OCTETS = 75;

const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(CONTROL, "");

/** §3.2: a parameter value is always quoted here; DQUOTE cannot appear inside one, so it becomes '. */
const paramValue = (value: string) => `"${value.replace(CONTROL, "").replace(/"/g, "'")}"`;

/** One property as folded lines (§3.1: at most 75 octets each, continued with a leading space). */
export function contentLine(name: string, value: IcsValue, params: Record<string, string> = {}): string {
  const paramText = Object.entries(params)
    .map(([key, v]) => `;${key}=${paramValue(v)}`)
    .join("");
  const written = "text" in value ? escapeText(value.text) : value.raw.replace(CONTROL, "");
  return fold(`${name}${paramText}:${written}`);
}

function fold(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // Continuation lines begin with a space, which counts toward their 75 octets.
    const limit = lines.length === 0 ? FOLD_AT_OCTETS : FOLD_AT_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

/** A whole calendar: its own properties, then its components (each a list of content lines). */
export function calendarFile(calendar: string[], events: string[][]): string {
  const body = events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]);
  return `${["BEGIN:VCALENDAR", ...calendar, ...body, "END:VCALENDAR"].join("\r\n")}\r\n`;
}

/** §3.3.5 UTC date-time: 20300501T160000Z. */
export const icsDateTime = (epochMs: number) =>
  new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
