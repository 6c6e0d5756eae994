/**
 * The customers' light app (`portal/`, decision 56), built into `portal/dist` with its files
 * under `/book/`: the booking page at `/book/<slug>` and the portal at `/my`. Any path below
 * either that is not a file is a page of the app (its index.html); a missing asset is a 404, not
 * an HTML page the browser would try to run. Content-hashed files are cached for a year,
 * index.html and embed.js are revalidated.
 *
 * Its own Content-Security-Policy: what the app needs (its scripts and styles, inline style
 * attributes, images of the venue's own API, data: and blob: for downloads and previews) and
 * nothing else. `/book/*` may be framed by any site (the booking page embeds in the venue's
 * website, embed.js loads there too); `/my` never: a customer's portal is no one's frame.
 */
import { join, resolve } from 'node:path';
import { sendError } from './errors.ts';
import { findFile, GzipCache, safeResolve, serve, wantsPage } from './static-files.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';

export const BOOK_PREFIX = '/book';
export const MY_PREFIX = '/my';

/** The app's policy; `frameAncestors` is `*` for the booking page and `'none'` for the portal. */
export function portalCsp(frameAncestors: '*' | "'none'"): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function headersFor(ctx: GatewayContext, embeddable: boolean): void {
  ctx.set('Content-Security-Policy', portalCsp(embeddable ? '*' : "'none'"));
  if (embeddable) {
    // frame-ancestors decides; X-Frame-Options (SAMEORIGIN from the shared headers) would forbid it.
    ctx.remove('X-Frame-Options');
    // embed.js and the page's files may be loaded by the venue's website.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  } else {
    ctx.set('X-Frame-Options', 'DENY');
  }
}

export interface PortalAppOptions {
  /** Folder holding `portal/dist`. */
  root: string;
  gzipCacheBytes?: number;
}

export function portalApp(options: PortalAppOptions): GatewayMiddleware {
  const dist = join(resolve(options.root), 'portal', 'dist');
  const gzipCache = new GzipCache(options.gzipCacheBytes ?? 16 * 1024 * 1024);

  return async (ctx, next) => {
    const book = under(ctx.path, BOOK_PREFIX);
    if (!book && !under(ctx.path, MY_PREFIX)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return sendError(ctx, 405, 'Method not allowed');
    headersFor(ctx, book);
    if (book) {
      const rest = ctx.path.slice(BOOK_PREFIX.length) || '/';
      // index.html is the page, at any path: never served as a file of its own.
      if (!rest.endsWith('/index.html')) {
        const file = await findFile(safeResolve(dist, rest));
        if (file) return serve(ctx, file, gzipCache);
      }
    }
    if (!wantsPage(ctx)) return sendError(ctx, 404, 'Not found');
    const index = await findFile(join(dist, 'index.html'));
    if (!index) {
      ctx.state.log.error({ dist }, 'portal bundle missing: run the build');
      return sendError(ctx, 503, 'The booking page is not available right now. Please try again shortly.');
    }
    return serve(ctx, index, gzipCache);
  };
}
