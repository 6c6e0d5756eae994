import type { ParameterizedContext } from 'koa';

/** Every error the gateway itself produces is JSON `{message}` (platform contract). */
export function sendError(
  ctx: ParameterizedContext,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { ...extra, message };
}

export const unavailableMessage = (area: string): string =>
  `${area} is unavailable right now. Please try again shortly.`;

export const timeoutMessage = (area: string): string => `${area} took too long to respond. Please try again.`;

export type UpstreamFailure = 'timeout' | 'down';

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Maps an undici failure to what the user is told. A connect timeout means the host is not
 * there (down); a headers/body timeout means it is there but slow (timeout). Anything else we
 * cannot explain is reported as the area being unavailable rather than as a gateway bug.
 */
export function classifyUpstreamError(err: unknown): UpstreamFailure {
  const e = err as { code?: string; name?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (code && TIMEOUT_CODES.has(code)) return 'timeout';
  if (e?.name === 'TimeoutError') return 'timeout';
  if (code && DOWN_CODES.has(code)) return 'down';
  return 'down';
}

export function sendUpstreamFailure(ctx: ParameterizedContext, failure: UpstreamFailure, area: string): void {
  if (failure === 'timeout') sendError(ctx, 504, timeoutMessage(area));
  else {
    ctx.set('Retry-After', '5');
    sendError(ctx, 503, unavailableMessage(area));
  }
}
