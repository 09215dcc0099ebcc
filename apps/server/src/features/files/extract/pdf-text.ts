import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PAGE_BREAK, TextCollector, type ExtractedText } from './extract-limits.js';

interface TextItemLike {
  str?: unknown;
  hasEOL?: unknown;
}

/**
 * The text layer of a PDF, page by page (pdf.js's legacy build, which runs on Node without a
 * canvas), pages parted by PAGE_BREAK. A PDF whose pages carry no text at all (scanned pages,
 * drawings) answers `noTextLayer`, so the model can be told rather than given nothing.
 */
export async function extractPdfText(data: Uint8Array): Promise<ExtractedText> {
  const document = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const collected = new TextCollector();
    for (let number = 1; number <= document.numPages && !collected.isFull; number += 1) {
      if (number > 1) collected.add(`\n${PAGE_BREAK}\n`);
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items as TextItemLike[]) {
        if (typeof item.str === 'string') collected.add(item.str);
        if (item.hasEOL === true) collected.add('\n');
      }
      page.cleanup();
    }
    const result = collected.result(document.numPages);
    return result.text === '' ? { ...result, noTextLayer: true } : result;
  } finally {
    await document.destroy();
  }
}
