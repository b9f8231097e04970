import { converterSandbox, describeSandbox, type Sandbox, type SandboxKind } from "../child-process/sandbox";
import { findOnPath } from "../executable";
import { LIBREOFFICE_PACKAGES } from "./office";

// The programs a conversion needs, looked up on PATH at each conversion (installing LibreOffice takes
// effect without a restart); the sandbox is found once.

export interface SlideTools {
  pdfinfo: string | null;
  pdftoppm: string | null;
  soffice: string | null;
  sandbox: Sandbox;
}

export const POPPLER_PACKAGE = "poppler-utils";

export async function locateSlideTools(): Promise<SlideTools> {
  const [pdfinfo, pdftoppm, soffice, sandbox] = await Promise.all([
    findOnPath("pdfinfo"),
    findOnPath("pdftoppm"),
    findOnPath("soffice"),
    converterSandbox(),
  ]);
  return { pdfinfo, pdftoppm, soffice, sandbox };
}

export interface SlideConverterAvailability {
  /** PDF and office slides need poppler's pdfinfo and pdftoppm. */
  poppler: boolean;
  /** Office slides (doc, docx, ppt, pptx) need LibreOffice; PDF and image slides do not. */
  libreoffice: boolean;
  sandbox: SandboxKind;
  /** One line for the server's log at start. */
  summary: string;
}

export async function slideConverterAvailability(): Promise<SlideConverterAvailability> {
  const tools = await locateSlideTools();
  const poppler = tools.pdfinfo !== null && tools.pdftoppm !== null;
  const libreoffice = tools.soffice !== null;
  const missing = [
    poppler ? "" : `PDF and office slides are off: install ${POPPLER_PACKAGE}`,
    libreoffice ? "" : `office slides are off: install ${LIBREOFFICE_PACKAGES}`,
  ].filter(Boolean);
  return {
    poppler,
    libreoffice,
    sandbox: tools.sandbox.kind,
    summary: [...missing, describeSandbox(tools.sandbox)].join("; "),
  };
}
