import { Transform, type TransformCallback } from 'node:stream';

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body exceeds ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Passes the request body through while counting it, so bodies without a Content-Length
 * (chunked uploads) are held to the same limit as declared ones. It errors as soon as the
 * limit is crossed; the caller then answers 413 instead of whatever the upstream would.
 */
export class ByteLimit extends Transform {
  readonly limit: number;
  bytes = 0;
  exceeded = false;

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      this.exceeded = true;
      callback(new BodyTooLargeError(this.limit));
      return;
    }
    callback(null, chunk);
  }
}

/** Declared length, or null when absent/unparseable (undici rejects a mismatch later). */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}
