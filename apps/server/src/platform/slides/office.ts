import { readdir } from "node:fs/promises";
import path from "node:path";
import { type RunContext, runConfined } from "../child-process/confined";
import { SlideConversionError, timedOut } from "./errors";
import type { SlideLimits } from "./limits";
import { freshOfficeProfile } from "./office-profile";
import type { OfficeFormat } from "./sniff";

/** LibreOffice's headless drawing back end, so it never looks for a display. */
const LIBREOFFICE_ENV = { SAL_USE_VCLPLUGIN: "svp" };

// Office files become a PDF through LibreOffice headless (issue 25 §1), opened with the import filter
// of their type only, in a fresh profile, under the office time limit.

/** What to install when LibreOffice is missing (Debian's packages without the desktop parts). */
export const LIBREOFFICE_PACKAGES = "libreoffice-impress-nogui libreoffice-writer-nogui";

const IMPORT_FILTERS: Record<OfficeFormat, string> = {
  pptx: "Impress MS PowerPoint 2007 XML",
  ppt: "MS PowerPoint 97",
  docx: "MS Word 2007 XML",
  doc: "MS Word 97",
  rtf: "Rich Text Format",
};

/** Converts `input` to a PDF in the work directory; returns its path. */
export async function officeToPdf(
  ctx: RunContext,
  soffice: string,
  input: { path: string; format: OfficeFormat },
  limits: SlideLimits,
): Promise<string> {
  const profile = await freshOfficeProfile(path.join(ctx.home, "profile"));
  const outDir = path.join(ctx.home, "pdf");
  const command = [soffice, `-env:UserInstallation=${profile}`, "--headless", "--invisible", "--norestore"];
  command.push("--nologo", "--nolockcheck", "--nodefault", `--infilter=${IMPORT_FILTERS[input.format]}`);
  command.push("--convert-to", "pdf", "--outdir", outDir, input.path);
  const run = await runConfined(command, {
    ...ctx,
    timeoutMs: limits.officeTimeoutMs,
    timeoutError: () =>
      timedOut(`LibreOffice did not finish converting the file within ${limits.officeTimeoutMs / 1000} s.`),
    env: LIBREOFFICE_ENV,
  });
  // LibreOffice answers 0 even when it could not load the file: the PDF is the proof.
  const made = await readdir(outDir).catch(() => []);
  const pdf = made.find((name) => name.endsWith(".pdf"));
  if (run.code !== 0 || !pdf) {
    throw new SlideConversionError(
      "slide_unreadable",
      `LibreOffice could not open the file as a ${input.format} document.`,
      run.stderr,
    );
  }
  return path.join(outDir, pdf);
}
