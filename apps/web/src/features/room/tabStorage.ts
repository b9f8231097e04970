// Spec 2 §1: some room choices are remembered per browser tab (sessionStorage). Storage may be off
// (private modes, embedded views): then the choice lasts for this page only.

export function readTabValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeTabValue(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage off: remembered for this page only.
  }
}
