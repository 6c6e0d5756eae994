import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON, CSV and iCalendar answers compress ~10:1; images and PDFs are compressed already. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|xml)|text\/)/i;

function accepted(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    offered.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => offered.get(coding) ?? offered.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** How an upstream answer is compressed: the coding, its Vary, its length when declared. */
export interface Compression {
  coding: 'br' | 'gzip';
  vary: string;
  length: number | undefined;
}

/**
 * An answer of declared length up to this is read whole and compressed in one call (a page of a
 * list, a report: almost every API answer); a longer one, or one of unknown length (an export, a
 * feed), is compressed as it streams, each upstream chunk flushed on so it arrives as it is made.
 * One call skips the stream's machinery, ~0.1 ms of the gateway's CPU per answer (issue 27 item 4).
 */
export const WHOLE_MAX_BYTES = 256 * 1024;

/**
 * Brotli quality 1 and gzip level 3, since the gateway compresses every list, search and calendar
 * answer (issue 27 item 4). On a page of 25 bookings (45 kB of JSON) brotli quality 4 took 0.19 ms
 * for 4.9 kB, quality 1 0.06–0.09 ms for 5.8 kB (quality 2 was slower than 1 and larger); gzip
 * level 3 0.09 ms for 5.7 kB (bench/README "Cheaper compression at the gateway").
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 3;

/**
 * How to compress an upstream answer when the client accepts a coding and the answer is worth it
 * (compressible type, over 1 KB or of unknown length, not encoded already); null to pass the
 * answer through untouched.
 */
export function compressionFor(
  request: IncomingHttpHeaders,
  status: number,
  response: OutgoingHttpHeaders,
): Compression | null {
  if (status === 204 || status === 304 || status < 200) return null;
  if (response['content-encoding']) return null;
  const type = String(response['content-type'] ?? '');
  if (!COMPRESSIBLE.test(type)) return null;
  const length = response['content-length'] === undefined ? undefined : Number(response['content-length']);
  if (length !== undefined && length < COMPRESS_MIN_BYTES) return null;
  const coding = accepted(request['accept-encoding']);
  if (!coding) return null;
  const vary = response.vary ? `${String(response.vary)}, Accept-Encoding` : 'Accept-Encoding';
  return { coding, vary, length };
}

/** A stream compressing an answer of unknown or large length, flushing each chunk on. */
export function compressingStream({ coding, length }: Compression): BrotliCompress | Gzip {
  return coding === 'br'
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
        },
      })
    : createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH });
}

/** An answer read whole (at most WHOLE_MAX_BYTES), compressed in one call. */
export function compressWhole(coding: Compression['coding'], body: Buffer): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** Compressed answers the gateway makes itself, by ETag and coding (a handful: remotes.json, the API docs). */
const made = new Map<string, Buffer>();
const MADE_MAX = 32;

/**
 * The gateway's own answer (`/mfe/remotes.json`, the API documents), compressed like a service's
 * when the client accepts it and it is over 1 KB (issue 27 item 6). `key` names the body (its type
 * and ETag: two answers may share an ETag), so the compressed form is made once per version.
 */
export function sendCompressible(
  ctx: {
    get(name: string): string;
    set(name: string, value: string): void;
    vary(field: string): void;
    body: unknown;
  },
  body: string | Buffer,
  key: string,
): void {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  if (raw.length < COMPRESS_MIN_BYTES) {
    ctx.body = body;
    return;
  }
  ctx.vary('Accept-Encoding');
  const coding = accepted(ctx.get('Accept-Encoding'));
  if (!coding) {
    ctx.body = body;
    return;
  }
  const cacheKey = `${coding} ${key}`;
  let packed = made.get(cacheKey);
  if (!packed) {
    packed =
      coding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(raw, { level: 6 });
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(cacheKey, packed);
  }
  ctx.set('Content-Encoding', coding);
  ctx.body = packed;
}
