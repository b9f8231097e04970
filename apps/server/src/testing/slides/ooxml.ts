import { zipFile } from "./zip-writer";

// The smallest OOXML documents LibreOffice opens: a deck of "Slide n" text boxes and a one-page Word
// document, either of them with a picture linked (not embedded) from a URL, as a hostile file would.

const NS = {
  p: "http://schemas.openxmlformats.org/presentationml/2006/main",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  pic: "http://schemas.openxmlformats.org/drawingml/2006/picture",
  rel: "http://schemas.openxmlformats.org/package/2006/relationships",
  types: "http://schemas.openxmlformats.org/package/2006/content-types",
};
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const OFFICE = "application/vnd.openxmlformats-officedocument";

const types = (overrides: [part: string, type: string][]) =>
  `${XML}<Types xmlns="${NS.types}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.map(([part, type]) => `<Override PartName="/${part}" ContentType="${OFFICE}.${type}"/>`).join("")}</Types>`;

const rels = (list: [id: string, type: string, target: string, external?: boolean][]) =>
  `${XML}<Relationships xmlns="${NS.rel}">${list.map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${NS.r}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`).join("")}</Relationships>`;

const blipFill = `<a:blip r:link="rIdLinked"/><a:stretch><a:fillRect/></a:stretch>`;
const box = (x: number, y: number, cx: number, cy: number) =>
  `<a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>`;

function slide(n: number, linked: boolean): string {
  const text = `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr>${box(914400, 914400, 6000000, 1000000)}</p:spPr><p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" sz="4000"/><a:t>Slide ${n}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const picture = linked
    ? `<p:pic><p:nvPicPr><p:cNvPr id="3" name="Linked"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill>${blipFill}</p:blipFill><p:spPr>${box(914400, 2500000, 3000000, 3000000)}</p:spPr></p:pic>`
    : "";
  return `${XML}<p:sld xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${text}${picture}</p:spTree></p:cSld></p:sld>`;
}

/** A 16:9 deck of `slides` slides; with `linkedImageUrl`, the first shows a picture linked from there. */
export function pptxDeck(slides: number, { linkedImageUrl }: { linkedImageUrl?: string } = {}): Buffer {
  const numbers = Array.from({ length: slides }, (_, i) => i + 1);
  const presentation = `${XML}<p:presentation xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:sldIdLst>${numbers.map((n) => `<p:sldId id="${255 + n}" r:id="rId${n}"/>`).join("")}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  return zipFile([
    {
      name: "[Content_Types].xml",
      data: types([
        ["ppt/presentation.xml", "presentationml.presentation.main+xml"],
        ...numbers.map((n): [string, string] => [`ppt/slides/slide${n}.xml`, "presentationml.slide+xml"]),
      ]),
    },
    { name: "_rels/.rels", data: rels([["rId1", "officeDocument", "ppt/presentation.xml"]]) },
    { name: "ppt/presentation.xml", data: presentation },
    {
      name: "ppt/_rels/presentation.xml.rels",
      data: rels(numbers.map((n) => [`rId${n}`, "slide", `slides/slide${n}.xml`])),
    },
    ...numbers.map((n) => ({
      name: `ppt/slides/slide${n}.xml`,
      data: slide(n, n === 1 && !!linkedImageUrl),
    })),
    ...(linkedImageUrl
      ? [
          {
            name: "ppt/slides/_rels/slide1.xml.rels",
            data: rels([["rIdLinked", "image", linkedImageUrl, true]]),
          },
        ]
      : []),
  ]);
}

/** A Word document with a picture linked from `linkedImageUrl` and a hyperlink to it. */
export function docxWithLinkedImage(linkedImageUrl: string): Buffer {
  const picture = `<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>${blipFill}</pic:blipFill><pic:spPr>${box(0, 0, 952500, 952500)}</pic:spPr></pic:pic>`;
  const drawing = `<w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="${NS.pic}">${picture}</a:graphicData></a:graphic></wp:inline></w:drawing>`;
  const document = `${XML}<w:document xmlns:w="${NS.w}" xmlns:r="${NS.r}" xmlns:wp="${NS.wp}" xmlns:a="${NS.a}" xmlns:pic="${NS.pic}"><w:body><w:p><w:r><w:t>A linked picture:</w:t></w:r></w:p><w:p><w:r>${drawing}</w:r></w:p><w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>a link</w:t></w:r></w:hyperlink></w:p></w:body></w:document>`;
  return zipFile([
    {
      name: "[Content_Types].xml",
      data: types([["word/document.xml", "wordprocessingml.document.main+xml"]]),
    },
    { name: "_rels/.rels", data: rels([["rId1", "officeDocument", "word/document.xml"]]) },
    { name: "word/document.xml", data: document },
    {
      name: "word/_rels/document.xml.rels",
      data: rels([
        ["rIdLinked", "image", linkedImageUrl, true],
        ["rIdLink", "hyperlink", `${linkedImageUrl}?link`, true],
      ]),
    },
  ]);
}
