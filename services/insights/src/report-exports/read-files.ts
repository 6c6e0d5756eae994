/**
 * Reading the exports back as a user's programs would, for the tests: a PDF's text and the fills
 * of its shapes page by page (unpdf, pdf.js), and the CSVs of a zip (fflate, RFC 4180). Not a
 * test file.
 */
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { readCsv } from '@venue/service-kit/testing';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';

export interface PdfPages {
  pages: string[];
  /** The fill colours used on each page, as `#rrggbb`, with how many shapes each filled. */
  fills: Array<Map<string, number>>;
}

/** Each page's text (spaces folded) and the colours its shapes were filled with. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPages> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const { OPS } = await getResolvedPDFJS();
  const fills: Array<Map<string, number>> = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const ops = await (await pdf.getPage(i)).getOperatorList();
    const counts = new Map<string, number>();
    let colour = '';
    ops.fnArray.forEach((fn: number, k: number) => {
      if (fn === OPS.setFillRGBColor) colour = String(ops.argsArray[k][0]).toLowerCase();
      // a path that is filled: the path op carries its painting op (pdf.js 4+), or a fill op follows
      const painted =
        fn === OPS.fill ||
        fn === OPS.eoFill ||
        fn === OPS.fillStroke ||
        (fn === OPS.constructPath && [OPS.fill, OPS.eoFill, OPS.fillStroke].includes(ops.argsArray[k][0]));
      if (painted && colour) counts.set(colour, (counts.get(colour) ?? 0) + 1);
    });
    fills.push(counts);
  }
  return { pages: (text as string[]).map((t) => t.replace(/\s+/g, ' ')), fills };
}

/** RFC 4180 with every cell quoted (the kit's form): rows of cells, after its byte-order mark. */
export function parseCsv(text: string): string[][] {
  assert.equal(text.charCodeAt(0), 0xfeff, 'starts with a byte-order mark');
  return readCsv(text);
}

export function unzipCsvs(zip: Uint8Array): Record<string, string[][]> {
  const files = unzipSync(new Uint8Array(zip));
  // ignoreBOM keeps the byte-order mark in the text, so the test sees that the file has it
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, parseCsv(utf8.decode(bytes))]),
  );
}
