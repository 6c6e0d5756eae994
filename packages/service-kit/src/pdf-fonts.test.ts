/**
 * The PDF fonts, read back as a reader gets them (unpdf: pdf.js's text layer, the text a person
 * copies or a screen reader speaks; and poppler's pdftotext where it is installed): every customer's name exactly, in each font and layout the
 * money and report PDFs use; only subsetted Noto fonts in the file; the CJK font read only when
 * a text needs it; a small file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { PDF_FONT, createPdf, fontRuns, renderPdf } from './pdf-fonts.ts';
import { baseFonts, hasPdftotext } from './testing/pdf.ts';

/** The names issue 24 item 10 names, and others whose letters Helvetica also lacks. */
const NAMES = [
  'Zoë Ñúñez 李',
  'Nguyễn Thị Ánh — Đặng’s Café',
  "Nguyễn Thị Ánh — Đặng's Café",
  'Tết',
  'Phạm Thị Hồng Nhung, Lê Văn Lộc, Trịnh Công Sơn',
  'Łukasz Żółć, Antonín Dvořák, Őrs Szőke, Ștefan Țurcanu',
  '王芳 陳大文 佐藤さくら',
];

async function lines(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.split('\n');
}

describe('PDF fonts', () => {
  it('print every name exactly: regular, bold and italic, wrapped and on one line aligned left, right or centre', async () => {
    const bytes = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
      for (const font of Object.values(PDF_FONT)) {
        doc.font(font).fontSize(10);
        for (const name of NAMES) doc.text(name);
        for (const align of ['left', 'right', 'center'] as const)
          for (const name of NAMES)
            doc.text(name, 50, doc.y, { width: 400, align, lineBreak: false }).moveDown();
        doc.addPage();
      }
    });
    const read = await lines(bytes);
    for (const name of NAMES) {
      const count = read.filter((l) => l === name).length;
      assert.equal(count, 12, `"${name}" read back 12 times, got ${count}: ${JSON.stringify(read)}`);
    }
  });

  it("pdfkit's standard Helvetica does not: the reason for this module", async () => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    const done = new Promise((resolve) => doc.on('end', resolve));
    for (const name of NAMES) doc.text(name);
    doc.end();
    await done;
    const read = await lines(Buffer.concat(chunks));
    for (const name of NAMES) assert.ok(!read.includes(name), `Helvetica printed "${name}"?`);
  });

  it(
    'poppler’s pdftotext reads the same names, where it is installed (poppler-utils)',
    { skip: !hasPdftotext() && 'pdftotext is not installed' },
    async () => {
      const bytes = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
        for (const font of Object.values(PDF_FONT)) {
          doc.font(font);
          for (const name of NAMES) doc.text(name);
        }
      });
      const read = execFileSync('pdftotext', ['-', '-'], { input: bytes, encoding: 'utf8' }).split('\n');
      for (const name of NAMES)
        assert.equal(read.filter((l) => l === name).length, 3, `"${name}" in ${JSON.stringify(read)}`);
    },
  );

  it('a name wrapped across lines in a narrow box keeps every letter; a long mixed text wraps at spaces', async () => {
    const long = 'Đặng Thị Ánh 李明 and 王芳 at 北京 Hall, Łukasz Żółć, Nguyễn Văn Tết';
    const bytes = await renderPdf({ size: 'A4', margin: 50 }, (doc) =>
      doc.text(long, 300, 100, { width: 90 }),
    );
    const read = await lines(bytes);
    assert.ok(read.length >= 3, `wrapped: ${JSON.stringify(read)}`);
    assert.equal(read.join(' '), long);
  });

  it('a name typed with combining accents prints as the same name typed composed', async () => {
    const typed = 'Nguyễn Thị Ánh'.normalize('NFD');
    assert.notEqual(typed, 'Nguyễn Thị Ánh');
    const read = await lines(await renderPdf({}, (doc) => doc.text(typed)));
    assert.deepEqual(read, ['Nguyễn Thị Ánh']);
  });

  it('embeds only subsets of Noto Sans and Noto Sans SC; a standard font cannot be named', async () => {
    const bytes = await renderPdf({}, (doc) => {
      doc.font(PDF_FONT.bold).text('Tax Invoice 李').font(PDF_FONT.regular).text('Tết');
      doc.font(PDF_FONT.italic).text('Total includes GST.');
    });
    assert.deepEqual(
      baseFonts(bytes)
        .map((f) => f.replace(/^[A-Z]{6}\+/, ''))
        .sort(),
      ['NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-Regular', 'NotoSansSC-Bold'],
    );
    for (const f of baseFonts(bytes)) assert.match(f, /^[A-Z]{6}\+/, `${f} is a subset`);
    const doc = createPdf();
    assert.throws(() => doc.font('Helvetica'), /PDF_FONT/);
    assert.throws(() => doc.font('Helvetica-Bold'), /PDF_FONT/);
  });

  it('a Latin-only PDF neither embeds nor reads the CJK font (a fresh process)', async () => {
    const latin = await renderPdf({}, (doc) => doc.text('Zoë Ñúñez, Nguyễn Thị Ánh — Đặng’s Café, Tết'));
    assert.deepEqual(
      baseFonts(latin).map((f) => f.replace(/^[A-Z]{6}\+/, '')),
      ['NotoSans-Regular'],
    );
    const script = `
      import { renderPdf, pdfFontsRead } from ${JSON.stringify(new URL('./pdf-fonts.ts', import.meta.url).href)};
      await renderPdf({}, (doc) => doc.font('Sans-Bold').text('Nguyễn Thị Ánh — Đặng’s Café').font('Sans').text('Tết'));
      const before = pdfFontsRead();
      await renderPdf({}, (doc) => doc.text('Zoë Ñúñez 李'));
      console.log(JSON.stringify([before, pdfFontsRead()]));`;
    const [before, after] = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as string[][];
    assert.deepEqual(before!.sort(), ['Sans', 'Sans-Bold']);
    assert.deepEqual(after!.sort(), ['Sans', 'Sans-Bold', 'Sans-CJK']);
  });

  it('stays small: a page of names in both families is a few kilobytes a font, not the font files', async () => {
    const bytes = await renderPdf({ size: 'A4', margin: 50 }, (doc) => {
      doc.font(PDF_FONT.bold).fontSize(22).text('Tax Invoice');
      doc.font(PDF_FONT.regular).fontSize(10);
      for (let i = 0; i < 6; i++) for (const name of NAMES) doc.text(name);
    });
    assert.ok(bytes.length < 60_000, `${bytes.length} bytes`);
  });

  it('documents lay text out with one reading of each font per process, not one per document', () => {
    // pdfkit's embedded font (private): its fontkit font is the shared one, in every document
    const fontkitOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: object } })._font.font;
    const [a, b] = [createPdf(), createPdf()];
    assert.equal(fontkitOf(a), fontkitOf(b));
    a.font(PDF_FONT.bold).text('Zoë 李');
    b.font(PDF_FONT.bold);
    assert.equal(fontkitOf(a), fontkitOf(b));
    assert.notEqual(fontkitOf(a), fontkitOf(createPdf()));
    a.end();
    b.end();
  });

  it('cuts text into runs per font only where it must; spaces stay with the run before', () => {
    assert.deepEqual(fontRuns('Nguyễn Thị Ánh — Đặng’s Café, Łódź', PDF_FONT.regular), [
      { font: 'Sans', text: 'Nguyễn Thị Ánh — Đặng’s Café, Łódź' },
    ]);
    assert.deepEqual(fontRuns('Zoë 李 明', PDF_FONT.bold), [
      { font: 'Sans-Bold', text: 'Zoë ' },
      { font: 'Sans-CJK-Bold', text: '李 明' },
    ]);
    assert.deepEqual(fontRuns('李 Hall', PDF_FONT.italic), [
      { font: 'Sans-CJK', text: '李 ' },
      { font: 'Sans-Italic', text: 'Hall' },
    ]);
    // in neither font: left in the asked font, where it shows as a missing-glyph box
    assert.deepEqual(fontRuns('김 Kim', PDF_FONT.regular), [{ font: 'Sans', text: '김 Kim' }]);
  });
});
