import ExcelJS from 'exceljs';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

/**
 * Documents written by the libraries that write them, for tests of reading them back (no
 * checked-in binaries: each fixture says in code what it holds).
 */

export async function writeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(document);
}

export async function writeXlsx(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function writePptx(slides: string[][]): Promise<Buffer> {
  const presentation = new PptxGenJS();
  for (const lines of slides) {
    const slide = presentation.addSlide();
    lines.forEach((line, index) => slide.addText(line, { x: 0.5, y: 0.5 + index, w: 9, h: 0.8 }));
  }
  const written = await presentation.write({ outputType: 'nodebuffer' });
  return Buffer.from(written as Uint8Array);
}

/** A PDF with a text layer (one line per page). */
export async function writeTextPdf(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of pages) pdf.addPage([600, 400]).drawText(line, { x: 40, y: 300, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** A PDF of drawings only, as a scan is for a reader: no text layer at all. */
export async function writeDrawingPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([600, 400]);
  page.drawRectangle({ x: 50, y: 50, width: 300, height: 200, color: rgb(0.2, 0.4, 0.8) });
  page.drawCircle({ x: 450, y: 200, size: 60, color: rgb(0.9, 0.3, 0.1) });
  return Buffer.from(await pdf.save());
}

/** A minimal EPUB 3: chapters named in `spine` order, stored in the archive in reverse. */
export async function writeEpub(chapters: { title: string; body: string }[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
  );
  const items = chapters.map(
    (_, i) => `<item id="c${i}" href="text/chapter%20${i}.xhtml" media-type="application/xhtml+xml"/>`,
  );
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`);
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">test</dc:identifier><dc:title>Test</dc:title></metadata><manifest>${items.join('')}</manifest><spine>${spine.join('')}</spine></package>`,
  );
  [...chapters].reverse().forEach((chapter, reversedIndex) => {
    const i = chapters.length - 1 - reversedIndex;
    zip.file(
      `OEBPS/text/chapter ${i}.xhtml`,
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${chapter.title}</title></head><body><h1>${chapter.title}</h1><p>${chapter.body} <a href="#x">link</a><img src="a.png" alt="picture"/></p></body></html>`,
    );
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
