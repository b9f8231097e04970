/** Text that should be JSON, from outside: its value, or null when it is not JSON. */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
