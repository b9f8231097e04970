// Spec 3 §2, §3, §5 templates (themes): an organization's saved set of custom elements, videos, slides
// and files, named by its description.

/** What of a custom element or a video a template keeps: compared to tell whether the session changed. */
export interface TemplateElement {
  type: string;
  title: string;
  value: string;
  order: number;
  options: Record<string, unknown>;
}

/** A video as the lists show it (the stored file stays on the server). */
export interface TemplateVideo {
  title: string;
  order: number;
}

/** The name trimmed, or null when nothing is left (spec 3 §5). */
export function templateName(raw: string): string | null {
  const name = raw.trim();
  return name.length > 0 ? name : null;
}

/** Spec 3 §5: a duplicate description shows 'titleExists' (the save still proceeds). */
export function templateNameExists(name: string, templates: readonly { description: string }[]): boolean {
  const wanted = name.trim();
  return templates.some((t) => t.description.trim() === wanted);
}

/** Spec 3 §2: Save is disabled with no elements, videos or files. */
export function canSaveTemplate(counts: { elements: number; videos: number; files: number }): boolean {
  return counts.elements + counts.videos + counts.files > 0;
}

/** Options in a stable order, so two equal objects compare equal whatever order their keys came in. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, stable(v)]),
  );
}

function fingerprints<T>(items: readonly T[]): string[] {
  return items.map((item) => JSON.stringify(stable(item))).sort();
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  const left = fingerprints(a);
  const right = fingerprints(b);
  return left.length === right.length && left.every((f, i) => f === right[i]);
}

/**
 * Spec 3 §2, §3: the saved-changes indicator's condition: the session's elements or videos are not the
 * loaded template's (ids and timestamps aside). Without a loaded template nothing is compared.
 */
export function differsFromTemplate(
  session: { elements: readonly TemplateElement[]; videos: readonly TemplateVideo[] },
  template: { elements: readonly TemplateElement[]; videos: readonly TemplateVideo[] } | null,
): boolean {
  if (!template) return false;
  return !sameItems(session.elements, template.elements) || !sameItems(session.videos, template.videos);
}
