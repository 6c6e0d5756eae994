import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, posix, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { RELEASE_VERSION } from '@venue/contracts/frontends';
import { sendError } from './errors.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';

const gzip = promisify(gzipCallback);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.txt',
  '.svg',
  '.webmanifest',
]);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * A file is safe to cache forever only when its name changes with its content: webpack's
 * `[name].[contenthash].js` style, i.e. a dot-separated segment of 8+ hex digits before the
 * extension. Entry points (index.html, remoteEntry.js, mf-manifest.json) never match, so a
 * deploy is picked up on the next load.
 */
export function isContentHashed(fileName: string): boolean {
  const segments = fileName.split('.');
  return segments.slice(1, -1).some((s) => /^[0-9a-f]{8,}$/i.test(s));
}

export function cacheControlFor(fileName: string): string {
  return isContentHashed(fileName) ? IMMUTABLE : REVALIDATE;
}

/**
 * Maps a URL path below a bundle directory to a file inside it, or null when the path is
 * malformed or tries to leave the directory or reach a dotfile.
 */
export function safeResolve(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return null;
  const file = resolve(dir, '.' + posix.normalize('/' + segments.join('/')));
  return file === dir || file.startsWith(dir + sep) ? file : null;
}

export interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

export async function findFile(file: string | null): Promise<Found | null> {
  if (!file) return null;
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Gzipped copies of bundle files, computed once per file version and kept within a byte budget. */
export class GzipCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  async get(found: Found, read: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${found.file}:${found.size}:${found.mtimeMs}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const zipped = await gzip(await read(), { level: 6 });
    this.entries.set(key, zipped);
    this.bytes += zipped.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
    return zipped;
  }
}

async function readAll(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MAX_GZIP_FILE = 8 * 1024 * 1024;

export async function serve(
  ctx: GatewayContext,
  found: Found,
  gzipCache: GzipCache,
  immutable = false,
): Promise<void> {
  const ext = extname(found.file).toLowerCase();
  const name = found.file.slice(found.file.lastIndexOf(sep) + 1);
  ctx.status = 200;
  ctx.set('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
  ctx.set('Cache-Control', immutable ? IMMUTABLE : cacheControlFor(name));
  ctx.set('Last-Modified', new Date(found.mtimeMs).toUTCString());
  ctx.set('ETag', `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`);
  const compressible = COMPRESSIBLE.has(ext) && found.size > 1024 && found.size <= MAX_GZIP_FILE;
  if (compressible) ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (compressible && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    const zipped = await gzipCache.get(found, () => readAll(found.file));
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = zipped;
    return;
  }
  // HEAD gets an empty body (not an unread stream, which would hold a file descriptor) and the real length.
  ctx.body = ctx.method === 'HEAD' ? Buffer.alloc(0) : createReadStream(found.file);
  ctx.length = found.size;
}

/** The version `<dist>/current.json` names, when it is one (it becomes a path segment). */
async function currentVersion(dist: string): Promise<string | null> {
  try {
    const { version } = JSON.parse(await readFile(join(dist, 'current.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' && RELEASE_VERSION.test(version) ? version : null;
  } catch {
    return null;
  }
}

/** Does a missing path look like a page of the app (fallback to index.html) rather than a missing asset? */
export function wantsPage(ctx: GatewayContext): boolean {
  return extname(ctx.path) === '' || ctx.accepts('html', '*/*') === 'html';
}

export interface StaticOptions {
  root: string;
  gzipCacheBytes?: number;
}

/**
 * The shell at `/` (with SPA fallback to its index.html) and each remote at `/mfe/<name>/`
 * from `<root>/mfe-<name>/dist`, whose release folders (`/mfe/<name>/<version>/…`) the
 * runtime configuration lists (remotes-config.ts). Remote paths never fall back: a missing chunk must be a 404,
 * not an HTML page the browser tries to run as JavaScript.
 */
export function staticFiles(options: StaticOptions): GatewayMiddleware {
  const root = resolve(options.root);
  const shellDir = join(root, 'shell', 'dist');
  const gzipCache = new GzipCache(options.gzipCacheBytes ?? 64 * 1024 * 1024);

  return async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return sendError(ctx, 404, 'Not found');

    const remote = /^\/mfe\/([a-z0-9][a-z0-9-]*)(\/.*)?$/.exec(ctx.path);
    if (remote || ctx.path === '/mfe' || ctx.path.startsWith('/mfe/')) {
      const dir = remote ? join(root, `mfe-${remote[1]}`, 'dist') : null;
      const rest = remote?.[2] ?? '/';
      let found = dir ? await findFile(safeResolve(dir, rest)) : null;
      // A release folder is named by the hash of its content (decision 41): nothing in it ever
      // changes, remoteEntry.js and mf-manifest.json included.
      const immutable = Boolean(found && RELEASE_VERSION.test(rest.split('/')[1] ?? ''));
      // An unversioned path (a shell built before versioned releases, a hand-typed URL) means
      // the current release.
      if (!found && dir) {
        const version = await currentVersion(dir);
        if (version) found = await findFile(safeResolve(join(dir, version), rest));
      }
      if (!found) return sendError(ctx, 404, 'Not found');
      return serve(ctx, found, gzipCache, immutable);
    }

    const path = ctx.path.endsWith('/') ? ctx.path + 'index.html' : ctx.path;
    const found = await findFile(safeResolve(shellDir, path));
    if (found) return serve(ctx, found, gzipCache);
    if (!wantsPage(ctx)) return sendError(ctx, 404, 'Not found');
    const index = await findFile(join(shellDir, 'index.html'));
    if (!index) {
      ctx.state.log.error({ shellDir }, 'shell bundle missing: run the build');
      return sendError(ctx, 503, 'The web app is not available right now. Please try again shortly.');
    }
    return serve(ctx, index, gzipCache);
  };
}
