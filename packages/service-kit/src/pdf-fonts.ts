/**
 * The fonts of every PDF a service makes (issue 24 item 10), written once for money (invoices,
 * receipts, adjustment notes, quotations) and insights (report exports).
 *
 * pdfkit's standard fonts (Helvetica and friends) know only WinAnsi: "Zoë" prints, but "Nguyễn",
 * "Đặng", "Tết" and "李" come out as other letters or nothing, with no error. So a PDF made here
 * embeds two font families from the npm registry, both TrueType under the SIL Open Font License
 * 1.1, read from node_modules (nothing is fetched at run time):
 * - Noto Sans (`@expo-google-fonts/noto-sans`; regular, bold, italic; 0.6 MB each): every Latin
 *   letter with its extensions (Ł, Ś, Ž, Ő, Ș…), Vietnamese, Greek, Cyrillic, combining marks.
 * - Noto Sans SC (`@expo-google-fonts/noto-sans-sc`; regular, bold; 10.5 MB each): 20,976 of the
 *   20,992 unified CJK ideographs (simplified and traditional characters, in mainland forms), kana
 *   and CJK punctuation. Its own Latin lacks most of Latin Extended-A, so it cannot serve alone.
 *
 * Each grapheme is drawn in Noto Sans when that font has every code point of it, else in Noto
 * Sans SC when that one has them all, else in Noto Sans (a visible missing-glyph box, never a
 * wrong letter; Hangul, for one, is in neither). Italic CJK is drawn upright: there is no italic
 * Noto Sans SC. Text is NFC-normalised first, so a name typed with combining accents prints the
 * font's composed letters, as the same name typed composed does. Noto Sans's `ccmp` feature is
 * switched off where the font is read (see withoutCcmp).
 *
 * pdfkit subsets every embedded font per document (through fontkit): a PDF carries only the
 * glyphs it prints, a few kilobytes a font, not the 10.5 MB file. The bytes are read once per
 * process, when its first PDF is made, and Noto Sans SC only when a text first needs it, so a
 * service that never prints CJK never holds it in memory. Every document embeds the process's
 * one fontkit reading of each font and starts from its laid-out words (pdf-font-sharing.ts).
 *
 * pdfkit, fontkit and the two font packages are dependencies of the services that import this
 * entry (`@venue/service-kit/pdf`: money and insights), not of the kit: every service's image
 * installs the kit's dependencies, and 106 MB of fonts have no place in admin's or the gateway's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
// fontkit's ES build, the one pdfkit's ES entry imports: one copy of fontkit in the process (the
// CommonJS build beside it was a second copy, 9 MB and a few hundred milliseconds at every start
// of money and insights).
import { create as readFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { adoptShared, embedShared, keepWordsAtEnd } from './pdf-font-sharing.ts';

/** The fonts a PDF's drawing code names: `doc.font(PDF_FONT.bold)`. Any other name throws. */
export const PDF_FONT = { regular: 'Sans', bold: 'Sans-Bold', italic: 'Sans-Italic' } as const;
export type PdfFont = (typeof PDF_FONT)[keyof typeof PDF_FONT];

const FILES = {
  Sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'Sans-Bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'Sans-Italic': '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  'Sans-CJK': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'Sans-CJK-Bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type FontName = keyof typeof FILES;

/** Where a grapheme that a PDF_FONT lacks is looked for. */
const FALLBACK: Record<PdfFont, FontName> = {
  Sans: 'Sans-CJK',
  'Sans-Bold': 'Sans-CJK-Bold',
  'Sans-Italic': 'Sans-CJK',
};

const requireFont = createRequire(import.meta.url);

interface LoadedFont {
  bytes: Buffer;
  /** fontkit's reading of the same bytes, for its character map and metrics only. */
  font: Fontkit.Font;
}
const loaded = new Map<FontName, LoadedFont>();

/**
 * The font with its GSUB `ccmp` feature renamed to a tag no shaper applies. Noto Sans's `ccmp`
 * draws "ị", "ẹ", "ọ", "ụ", "ǹ" as the plain letter's glyph and a separate dot or accent: the
 * letter's glyph is then mapped back to text as "ị" wherever it appears later in the document
 * (pdfkit maps each glyph to the text it first drew), and the dot to nothing, which readers copy
 * out as a stray control character ("Thị \u0013Ánh"). Without it the font's own composed glyph
 * is drawn, as for every other Vietnamese letter. (Asking fontkit for the features without
 * `ccmp` on each text would do the same but turns off pdfkit's cache of laid-out words, and a
 * page then takes seconds.) Only this process's copy in memory is changed.
 */
function withoutCcmp(bytes: Buffer): Buffer {
  const tables = bytes.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (bytes.toString('latin1', record, record + 4) !== 'GSUB') continue;
    const gsub = bytes.readUInt32BE(record + 8);
    const featureList = gsub + bytes.readUInt16BE(gsub + 6);
    const features = bytes.readUInt16BE(featureList);
    for (let f = 0; f < features; f++) {
      const tag = featureList + 2 + 6 * f;
      if (bytes.toString('latin1', tag, tag + 4) === 'ccmp') bytes.write('xcmp', tag, 'latin1');
    }
  }
  return bytes;
}

function load(name: FontName): LoadedFont {
  let f = loaded.get(name);
  if (!f) {
    const bytes = withoutCcmp(readFileSync(requireFont.resolve(FILES[name])));
    f = { bytes, font: readFont(bytes) as Fontkit.Font };
    loaded.set(name, f);
  }
  return f;
}

/** The font files this process has read so far (tests check that Latin text reads no CJK file). */
export const pdfFontsRead = (): string[] => [...loaded.keys()];

const isPdfFont = (name: unknown): name is PdfFont =>
  name === PDF_FONT.regular || name === PDF_FONT.bold || name === PDF_FONT.italic;

/** Spaces, line breaks and other controls: any font will do, and none is loaded for them. */
const ANY_FONT = /[\p{White_Space}\p{Cc}]/u;

function covers(name: FontName, text: string): boolean {
  let font: Fontkit.Font | undefined;
  for (const ch of text) {
    if (ANY_FONT.test(ch)) continue;
    font ??= load(name).font;
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  }
  return true;
}

/** Made on first use: ICU's break data is a few megabytes a process making no CJK PDF never needs. */
let graphemes: Intl.Segmenter | undefined;
const SPACE = /^\s+$/;

export interface FontRun {
  font: FontName;
  text: string;
}

/**
 * `text` cut into runs, each in the font that has its glyphs: one run in `font` when it covers
 * every character (the usual case, checked without cutting); spaces stay with the run they follow.
 */
export function fontRuns(text: string, font: PdfFont): FontRun[] {
  if (covers(font, text)) return [{ font, text }];
  const runs: FontRun[] = [];
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    const last = runs.at(-1);
    const wanted =
      SPACE.test(segment) && last
        ? last.font
        : covers(font, segment) || !covers(FALLBACK[font], segment)
          ? font
          : FALLBACK[font];
    if (last?.font === wanted) last.text += segment;
    else runs.push({ font: wanted, text: segment });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** What drawing a text's font runs takes from its document: pdfkit's own calls and the font switch. */
interface RunDrawing {
  doc: Doc;
  /** Makes a font the document's current one (registering it on first use). */
  use: (name: FontName) => void;
  /** pdfkit's widthOfString(), in the current font. */
  widthOfString: (s: string, options?: TextOptions) => number;
  /** pdfkit's text(). */
  text: (...args: unknown[]) => Doc;
  /** pdfkit's text(), with the arguments in the shape it reads them. */
  draw: (s: string, x: number | undefined, y: number | undefined, options: TextOptions) => Doc;
  baselineOf: (run: FontRun, asked: TextOptions['baseline']) => TextOptions['baseline'];
}

/** One line, no wrapping: measure the runs and place each, aligned as the whole would be. */
function drawOnOneLine(
  d: RunDrawing,
  runs: FontRun[],
  x: number | undefined,
  y: number | undefined,
  options: TextOptions,
): void {
  const widths = runs.map((run) => {
    d.use(run.font);
    return d.widthOfString(run.text, options);
  });
  const total = widths.reduce((a, w) => a + w, 0);
  const room = options.width ?? total;
  let cx =
    (x ?? d.doc.x) +
    (options.align === 'right' ? room - total : options.align === 'center' ? (room - total) / 2 : 0);
  const top = y ?? d.doc.y;
  runs.forEach((run, i) => {
    d.use(run.font);
    d.draw(run.text, cx, top, {
      ...options,
      align: 'left',
      width: undefined,
      baseline: d.baselineOf(run, options.baseline),
    });
    cx += widths[i]!;
  });
}

/** Wrapped text: the runs continue one another, so pdfkit's line wrapper sees one text. */
function drawContinued(
  d: RunDrawing,
  runs: FontRun[],
  x: number | undefined,
  y: number | undefined,
  options: TextOptions,
): void {
  runs.forEach((run, i) => {
    d.use(run.font);
    const own: TextOptions = {
      continued: i === runs.length - 1 ? (options.continued ?? false) : true,
      baseline: d.baselineOf(run, options.baseline),
    };
    if (i === 0) d.draw(run.text, x, y, { ...options, ...own });
    else d.text(run.text, own);
  });
}

/**
 * Makes a font the document's current one (pdfkit's own `doc.font`), registering it on first
 * use: embedded on the process's one reading of it (pdf-font-sharing.ts); the process's first
 * document registers the bytes, as pdfkit otherwise would for every one.
 */
function fontSwitch(doc: Doc): (name: FontName) => void {
  const registered = new Set<FontName>();
  const setFont = doc.font.bind(doc) as (src: string) => Doc;
  return (name) => {
    if (!registered.has(name)) {
      const { bytes, font } = load(name);
      if (!embedShared(doc, name, font)) {
        doc.registerFont(name, bytes);
        setFont(name);
        adoptShared(doc, font);
      }
      registered.add(name);
    }
    setFont(name);
  };
}

/**
 * A new pdfkit document that draws every text in the fonts above: `doc.text` and
 * `doc.widthOfString` switch to the CJK font for the graphemes that need it and back, `doc.font`
 * takes the names of PDF_FONT only (so no standard font can creep back), and the document starts
 * in PDF_FONT.regular.
 */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}): Doc {
  // null, not undefined: pdfkit then loads no default font (it would load, and embed, Helvetica)
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  const use = fontSwitch(doc);
  let current: PdfFont = PDF_FONT.regular;
  use(current);

  doc.font = ((src: unknown, family?: string | number, size?: number) => {
    if (!isPdfFont(src))
      throw new Error(
        `A PDF names its font from PDF_FONT (${Object.values(PDF_FONT).join(', ')}), not ${String(src)}`,
      );
    current = src;
    use(src);
    const points = typeof family === 'number' ? family : size;
    if (points !== undefined) doc.fontSize(points);
    return doc;
  }) as Doc['font'];

  const text = doc.text.bind(doc) as (...args: unknown[]) => Doc;
  const widthOfString = doc.widthOfString.bind(doc);
  // The size in points set by fontSize(): pdfkit keeps it on the document only.
  const fontSize = () => (doc as unknown as { _fontSize: number })._fontSize;
  /** Where a fallback run's glyphs sit so that its baseline is the line's (pdfkit tops each run at its own font's ascender). */
  const baselineOf = (run: FontRun, asked: TextOptions['baseline']): TextOptions['baseline'] => {
    // 'top' spelled out: a continued run would otherwise inherit the run before's number
    if (run.font === current || (asked !== undefined && asked !== 'top')) return asked ?? 'top';
    const primary = load(current).font;
    return -((primary.ascent / primary.unitsPerEm) * fontSize());
  };

  /** pdfkit's own text(), with the arguments in the shape it reads them. */
  const draw = (s: string, x: number | undefined, y: number | undefined, options: TextOptions) =>
    x === undefined && y === undefined ? text(s, options) : text(s, x, y, options);

  const drawing: RunDrawing = { doc, use, widthOfString, text, draw, baselineOf };
  /** True while one run is drawn: pdfkit's line wrapper then measures its words in the run's font. */
  let inRun = false;

  doc.text = ((value: string | number, ...rest: unknown[]) => {
    const s = String(value ?? '').normalize('NFC');
    const [x, y, options = {}] = (
      typeof rest[0] === 'object' && rest[0] !== null ? [undefined, undefined, rest[0]] : rest
    ) as [number | undefined, number | undefined, TextOptions | undefined];
    const runs = fontRuns(s, current);
    if (runs.length === 1 && runs[0]!.font === current) return draw(s, x, y, options);
    const back = current;
    inRun = true;
    if (options.lineBreak === false) drawOnOneLine(drawing, runs, x, y, options);
    else drawContinued(drawing, runs, x, y, options);
    inRun = false;
    current = back;
    use(back);
    return doc;
  }) as Doc['text'];

  doc.widthOfString = (value: string, options?: TextOptions) => {
    if (inRun) return widthOfString(value, options);
    const runs = fontRuns(String(value).normalize('NFC'), current);
    const back = current;
    const width = runs.reduce((sum, run) => {
      use(run.font);
      return sum + widthOfString(run.text, options);
    }, 0);
    use(back);
    return width;
  };

  keepWordsAtEnd(doc);
  return doc;
}

/** Draws with `draw` on a new createPdf document and resolves with the finished file. */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = createPdf(options);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
