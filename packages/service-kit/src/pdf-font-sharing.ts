/**
 * The embedded fonts of every PDF a process makes, read once (issue 27 item 1). Profiled, an
 * invoice PDF cost 13–20 ms of CPU, of which pdfkit reading the font afresh for each document was
 * most: `fontkit.create` on the bytes, then decoding its tables again (loca, hmtx, glyf: the
 * subset reads every glyph it embeds through them), and shaping every word again (fontkit's GSUB
 * and GPOS lookups), although the words of one venue's invoices ("Tax Invoice", "Subtotal", the
 * seller's name…) are the same from one document to the next.
 *
 * So a document's embedded font is made here on the process's one fontkit reading of the font
 * (pdfkit's own EmbeddedFont, so the subset, the widths and the text mapping stay the
 * document's), and its cache of laid-out words starts from the process's. The file is the same,
 * byte for byte: the layout of a word depends only on the font and the word, and the subset only
 * on the font and the glyphs the document uses (pdf-fonts.test.ts compares files made both ways).
 *
 * This leans on pdfkit's internals (0.17: `_fontFamilies`, `_fontCount`, `layoutCache`, the class
 * of `_font`), as the shared layout before it did. Should a later pdfkit keep them elsewhere,
 * `embedShared` answers false and the document registers the font the ordinary way: slower,
 * never wrong. A test asserts the shared path is taken, so such an upgrade is noticed.
 */
import type * as Fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;

/** The parts of pdfkit's EmbeddedFont used here. */
interface EmbeddedFont {
  font: Fontkit.Font;
  name: string;
  subset?: unknown;
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (doc: Doc, font: Fontkit.Font, id: string) => EmbeddedFont;

/** The parts of a pdfkit document used here. */
interface DocInternals {
  _font?: EmbeddedFont;
  _fontFamilies?: Record<string, EmbeddedFont>;
  _fontCount?: number;
}

/** Off only in the test that compares the files made both ways. */
let sharing = true;

/** For tests: documents made from now on read the fonts as pdfkit does by itself (off) or once (on). */
export function shareFonts(on: boolean): void {
  sharing = on;
}

/** pdfkit's EmbeddedFont, learnt from the first font a document registered the ordinary way. */
let embeddedFontClass: EmbeddedFontClass | null = null;

/**
 * Words laid out in each font, shared by the documents (by postscript name). Bounded: beyond
 * this many words a font's cache starts again empty (a venue's documents use a few hundred; the
 * customers' names and notes add a few each).
 */
const MAX_SHARED_WORDS = 20_000;
const sharedWords = new Map<string, { words: Record<string, unknown>; count: number }>();

const internals = (doc: Doc) => doc as unknown as DocInternals;

/**
 * Makes the font `name` (the process's fontkit reading `font`) the document's, as pdfkit's
 * `doc.font(name)` would after `registerFont`, without reading the font again; false when pdfkit
 * cannot be used so (the caller then registers the bytes).
 */
export function embedShared(doc: Doc, name: string, font: Fontkit.Font): boolean {
  const d = internals(doc);
  if (!sharing || !embeddedFontClass || !d._fontFamilies || typeof d._fontCount !== 'number') return false;
  if (d._fontFamilies[name]) return true;
  // as pdfkit's font(): the next id, kept under the registered name and the postscript name
  const embedded = new embeddedFontClass(doc, font, `F${++d._fontCount}`);
  withGlyphPieces(embedded.subset, font);
  startFromSharedWords(embedded);
  d._fontFamilies[name] = embedded;
  d._fontFamilies[embedded.name] ??= embedded;
  return true;
}

/**
 * After pdfkit registered and opened a font the ordinary way (the process's first document):
 * learns its class, and puts the process's reading of the font in place of the document's own,
 * for the layout and the subset both.
 */
export function adoptShared(doc: Doc, font: Fontkit.Font): void {
  const embedded = internals(doc)._font;
  if (
    !sharing ||
    !embedded?.font ||
    embedded.font === font ||
    embedded.font.postscriptName !== font.postscriptName
  )
    return;
  embedded.font = font;
  if (embedded.subset) embedded.subset = font.createSubset();
  withGlyphPieces(embedded.subset, font);
  startFromSharedWords(embedded);
  embeddedFontClass ??= embedded.constructor as EmbeddedFontClass;
}

/**
 * The font's word cache reads the process's words first and keeps the document's new ones apart
 * (its prototype is the shared cache) until `keepWords` adds them: a document never sees a
 * cache half-cleared by the bound.
 */
function startFromSharedWords(embedded: EmbeddedFont): void {
  if (!embedded.layoutCache) return; // the document asked for no cache (fontLayoutCache: false)
  let shared = sharedWords.get(embedded.name);
  if (!shared) sharedWords.set(embedded.name, (shared = { words: Object.create(null), count: 0 }));
  embedded.layoutCache = Object.create(shared.words) as Record<string, unknown>;
}

/** When the document ends (every text laid out by then), its new words join the process's. */
export function keepWordsAtEnd(doc: Doc): void {
  const end = doc.end.bind(doc);
  doc.end = () => {
    keepWords(doc);
    end();
  };
}

/** The document's new words join the process's (see startFromSharedWords). */
function keepWords(doc: Doc): void {
  for (const f of Object.values(internals(doc)._fontFamilies ?? {})) {
    const own = f.layoutCache;
    const shared = sharedWords.get(f.name);
    if (!own || !shared || Object.getPrototypeOf(own) !== shared.words) continue;
    const added = Object.keys(own);
    if (!added.length) continue;
    if (shared.count + added.length > MAX_SHARED_WORDS) {
      shared.words = Object.create(null);
      shared.count = 0;
    }
    Object.assign(shared.words, own);
    shared.count += added.length;
    // so a second call (the font under two names) adds nothing twice
    f.layoutCache = Object.create(shared.words);
  }
}

/** What a TrueType subset copies of one glyph: its bytes, the components it names, its metrics. */
interface GlyphPiece {
  bytes: Uint8Array;
  /** A compound glyph's components: their glyph ids and where the id sits in `bytes`. */
  components: Array<{ glyphID: number; pos: number }> | null;
  advance: number;
  bearing: number;
}

/** The parts of fontkit's TTFSubset (2.0) used here. */
interface TtfSubset {
  _addGlyph: (gid: number) => number;
  includeGlyph: (gid: number) => number;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: Array<{ advance: number; bearing: number }> };
  offset: number;
}

/** The parts of fontkit's TrueType font used here. */
interface TtfInternals {
  _variationProcessor?: unknown;
  directory?: { tables?: Record<string, unknown> };
  loca: { offsets: number[] };
  _getTableStream: (tag: string) => { pos: number; readBuffer: (n: number) => Uint8Array };
  getGlyph: (gid: number) => {
    advanceWidth: number;
    _decode: () => { numberOfContours: number; components?: Array<{ glyphID: number; pos: number }> } | null;
    _getMetrics: () => { leftBearing: number };
  };
}

const glyphPieces = new WeakMap<Fontkit.Font, Map<number, GlyphPiece>>();

type TtfGlyph = ReturnType<TtfInternals['getGlyph']>;

/**
 * One glyph as fontkit's TTFSubset._addGlyph reads it, once per process. Read through a glyph of
 * its own, not `font.getGlyph`: that keeps the glyph in the font with the text it was asked for,
 * and the first asking wins; a compound glyph's component (the N of a composed Ñ) kept with no
 * text would then be mapped to none in every later document that prints the letter itself.
 */
function readGlyphPiece(font: TtfInternals, gid: number): GlyphPiece {
  const Glyph = font.getGlyph(0).constructor as new (id: number, text: number[], f: unknown) => TtfGlyph;
  const glyph = new Glyph(gid, [], font);
  const glyf = glyph._decode();
  const start = font.loca.offsets[gid]!;
  const stream = font._getTableStream('glyf');
  stream.pos += start;
  const bytes = Uint8Array.from(stream.readBuffer(font.loca.offsets[gid + 1]! - start));
  const compound = glyf !== null && glyf.numberOfContours < 0;
  return {
    bytes,
    components: compound ? (glyf.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : null,
    advance: glyph.advanceWidth,
    bearing: glyph._getMetrics().leftBearing,
  };
}

/**
 * The subset's glyphs copied from the process's pieces (fontkit decodes every glyph's outline
 * again for each document only to learn whether it is compound). What it writes is what
 * TTFSubset._addGlyph writes; a variable font, a CFF font or another fontkit is left as it is.
 */
function withGlyphPieces(subset: unknown, fontkitFont: Fontkit.Font): void {
  const font = fontkitFont as unknown as TtfInternals;
  const s = subset as TtfSubset | undefined;
  if (typeof s?._addGlyph !== 'function' || font._variationProcessor || !font.directory?.tables?.glyf) return;
  let pieces = glyphPieces.get(fontkitFont);
  if (!pieces) glyphPieces.set(fontkitFont, (pieces = new Map()));
  s._addGlyph = (gid: number) => {
    let piece = pieces.get(gid);
    if (!piece) pieces.set(gid, (piece = readGlyphPiece(font, gid)));
    let bytes = piece.bytes;
    if (piece.components) {
      // the components' ids in this document's subset (adding them to it, as fontkit does)
      bytes = Uint8Array.from(bytes);
      const view = new DataView(bytes.buffer);
      for (const c of piece.components) view.setUint16(c.pos, s.includeGlyph(c.glyphID));
    }
    s.glyf.push(bytes);
    s.loca.offsets.push(s.offset);
    s.hmtx.metrics.push({ advance: piece.advance, bearing: piece.bearing });
    s.offset += bytes.length;
    return s.glyf.length - 1;
  };
}

/** For tests: whether documents now share the fonts (false until one document has been made). */
export const fontsShared = (): boolean => embeddedFontClass !== null;
