// The server's own HTML, outside the web app: every page and mail it writes escapes its text here, and
// its TEST MODE pages (the test gateway's checkout, the test membership gate) share one look.

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The TEST MODE pages' style sheet, inline (their CSP allows inline styles only). */
export const TEST_PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
.test-mode{background:#fef3c7;border:3px solid #b45309;border-radius:8px;padding:1rem;font-size:1.25rem;font-weight:700;text-align:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:6px;cursor:pointer}
.pay{background:#1c1917;color:#fff;border:0}.cancel{background:#fff;border:1px solid #57534e}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;

export const TEST_PAGE_HEADERS = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  "x-frame-options": "DENY",
};
