// Issue 29 §4: a report carries no personal data. Names cannot be told from other words, so the page
// sends only its own messages and stacks; what could still carry a person is cut here.

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Query strings and fragments of addresses (tokens, codes, e-mail addresses in links). */
const URL_TAIL = /(https?:\/\/[^\s?#"'<>]+)[?#][^\s"'<>]*/g;
/** Long opaque runs: session ids, signed tokens, keys. */
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

/** `text` without e-mail addresses, address queries and long tokens. */
export function scrubPersonalData(text: string): string {
  return text.replace(URL_TAIL, "$1").replace(EMAIL, "[email]").replace(TOKEN, "[token]");
}
