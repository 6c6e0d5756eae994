/**
 * Documents embed the process's one reading of each font and start from its laid-out words
 * (pdf-font-sharing.ts, issue 27 item 1): the files are byte for byte those pdfkit makes reading
 * the fonts itself for each document, in every font and layout, CJK and compound glyphs included.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDF_FONT, renderPdf } from './pdf-fonts.ts';
import { fontsShared, shareFonts } from './pdf-font-sharing.ts';

const NAMES = [
  'Jane Smith',
  'Zoë Ñúñez 李',
  'Nguyễn Thị Ánh — Đặng’s Café',
  'Łukasz Żółć, Antonín Dvořák, Őrs Szőke, Ștefan Țurcanu',
  '王芳 陳大文 佐藤さくら',
  'ǹ ị ẹ ọ ụ (marks drawn on their letters)',
];

/** A page like an invoice's: a title, lines in each font, wrapped text, a right-aligned column. */
const page = (name: string, n: number) =>
  renderPdf(
    { size: 'A4', margin: 50, info: { Title: `Doc ${n}`, CreationDate: new Date(Date.UTC(2026, 10, 30)) } },
    (doc) => {
      doc.fontSize(22).font(PDF_FONT.bold).text('Tax Invoice');
      doc
        .font(PDF_FONT.regular)
        .fontSize(10)
        .text(`Invoice number: INV-2026-${String(n).padStart(5, '0')}`);
      doc.font(PDF_FONT.bold).text('Bill to').font(PDF_FONT.regular).text(name);
      doc.font(PDF_FONT.italic).text(`${name}, `.repeat(8), { width: 300 });
      doc
        .font(PDF_FONT.regular)
        .text(`$${n},000.00`, 450, doc.y, { width: 95, align: 'right', lineBreak: false });
    },
  );

/** The documents in turn, as a process makes them one after another. */
const makeAll = async () => {
  const out: Buffer[] = [];
  for (const [i, name] of [...NAMES, ...NAMES].entries()) out.push(await page(name, i));
  return out;
};

describe('PDF fonts read once per process', () => {
  it('makes the same files as pdfkit reading the fonts for each document', async () => {
    shareFonts(false);
    let own: Buffer[];
    try {
      own = await makeAll();
    } finally {
      shareFonts(true);
    }
    const shared = await makeAll();
    assert.ok(fontsShared(), 'the documents shared the fonts (pdfkit still keeps them where this looks)');
    assert.equal(shared.length, own.length);
    shared.forEach((file, i) =>
      assert.ok(file.equals(own[i]!), `document ${i} (${NAMES[i % NAMES.length]}) differs`),
    );
  });
});
