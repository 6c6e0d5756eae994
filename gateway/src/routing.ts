import { serviceForPath } from '@venue/contracts';
import { sendError } from './errors.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayMiddleware } from './state.ts';

/**
 * Splits a raw path into decoded segments, or null when a segment could change meaning after
 * decoding upstream (an encoded slash, a dot segment) or is not valid percent-encoding.
 */
function decodedSegments(path: string): string[] | null {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === '.' || seg === '..' || seg.includes('/') || seg.includes('\\') || seg.includes('\0'))
      return null;
    out.push(seg);
  }
  return out;
}

/**
 * Internal endpoints (`/internal/*`, and anything with an `internal` segment under `/api`) are for
 * service-to-service calls only; they are never served or routed from the public origin.
 */
export function blockInternal(): GatewayMiddleware {
  return async (ctx, next) => {
    const segments = decodedSegments(ctx.path);
    if (segments === null) return sendError(ctx, 400, 'The request path is not valid.');
    if (segments.some((s) => s.toLowerCase() === 'internal')) return sendError(ctx, 404, 'Not found');
    return next();
  };
}

/** Picks the owning service by `/api` prefix (SERVICES in contracts); unknown paths are a JSON 404. */
export function routeToService(upstreams: Upstreams): GatewayMiddleware {
  return async (ctx, next) => {
    const def = serviceForPath(ctx.path);
    if (!def) return sendError(ctx, 404, 'Not found');
    if (ctx.method === 'CONNECT' || ctx.method === 'TRACE') return sendError(ctx, 405, 'Method not allowed');
    ctx.state.target = upstreams.target(def.name);
    return next();
  };
}
