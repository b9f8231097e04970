// PDFs for the slide suites and bench:slides, written out object by object: a few pages of text, a page
// with a link to a remote address, and a page that takes forever to draw.

/** A PDF from its objects' bodies (object 1 is the catalog), with a correct cross-reference table. */
export function pdfFile(objects: readonly string[]): Buffer {
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

const stream = (dict: string, content: string) =>
  `<< ${dict} /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;

export interface PagesPdfOptions {
  /** Page size in points (a 16:9 slide by default). */
  width?: number;
  height?: number;
  /** A link annotation on every page, pointing there. */
  linkUri?: string;
  /** Each page filled with its own colour ("#RRGGBB"), so a picture of it says which page it is. */
  colors?: readonly string[];
}

/** PDF's fill colour operator for a "#RRGGBB" colour. */
const fill = (hex: string) =>
  `${[1, 3, 5].map((i) => (Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(" ")} rg`;

/** `count` pages, each saying "Slide n" in Helvetica. */
export function pagesPdf(
  count: number,
  { width = 960, height = 540, linkUri, colors }: PagesPdfOptions = {},
): Buffer {
  const firstPage = 4;
  const kids = Array.from({ length: count }, (_, i) => `${firstPage + 2 * i} 0 R`).join(" ");
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`];
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const link = linkUri
    ? `/Annots [<< /Type /Annot /Subtype /Link /Rect [40 40 400 80] /A << /S /URI /URI (${linkUri}) >> >>]`
    : "";
  for (let i = 0; i < count; i++) {
    const colour = colors?.[i];
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${firstPage + 2 * i + 1} 0 R ${link} >>`,
      stream(
        "",
        `${colour ? `${fill(colour)} 0 0 ${width} ${height} re f 0 g ` : ""}BT /F1 48 Tf 60 ${height - 120} Td (Slide ${i + 1}) Tj ET`,
      ),
    );
  }
  return pdfFile(objects);
}

/**
 * One page drawing a form that draws the form below it ten times, nine levels deep: a few hundred bytes
 * that ask the renderer for a billion rectangles. pdfinfo reads it at once; pdftoppm never finishes.
 */
export function drawingBombPdf(levels = 9): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>`,
    stream("", "/X Do"),
  ];
  for (let level = levels; level >= 0; level--) {
    const form = "/Type /XObject /Subtype /Form /BBox [0 0 960 540]";
    const below = objects.length + 2;
    objects.push(
      level === 0
        ? stream(form, "0.2 0.4 0.8 rg 10 10 900 500 re f")
        : stream(`${form} /Resources << /XObject << /X ${below} 0 R >> >>`, "/X Do ".repeat(10)),
    );
  }
  return pdfFile(objects);
}
