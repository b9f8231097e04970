/** NUL, or a UTF-16 surrogate without its partner: PostgreSQL refuses both in text, and neither is text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = "must not contain NUL characters or unpaired surrogates";

export const isUnsafeText = (text: string): boolean => UNSAFE_TEXT.test(text);

/**
 * Where in a request value (a parsed JSON body, query or params) the first unsafe string sits, keys
 * included; null when there is none. Nesting past `maxDepth` counts as unsafe: no request of ours is
 * that deep, and walking it would let a hostile body recurse us.
 */
export function unsafeTextPath(value: unknown, maxDepth = 32): (string | number)[] | null {
  if (typeof value === "string") return isUnsafeText(value) ? [] : null;
  if (typeof value !== "object" || value === null) return null;
  if (maxDepth === 0) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === "string" && isUnsafeText(key)) return [key];
    const below = unsafeTextPath(item, maxDepth - 1);
    if (below) return [key, ...below];
  }
  return null;
}
