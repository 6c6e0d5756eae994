import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compressWhole, compressingStream, compressionFor, WHOLE_MAX_BYTES } from './compression.ts';
import { REQUEST_ID_HEADER } from '@venue/contracts';
import { ByteLimit, declaredLength } from './body-limit.ts';
import { clientIp, clientProtocol } from './client-ip.ts';
import { classifyUpstreamError, sendError, sendUpstreamFailure } from './errors.ts';
import { customerHeaders, identityHeaders, isIdentityHeader, visitorHeaders } from './identity.ts';
import type { ServiceTarget } from './config.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';

/** RFC 9110 §7.6.1 connection-specific headers: meaningful for one hop only. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

/** Request headers the gateway replaces with its own view (host is the upstream's; 100-continue is answered here). */
const REPLACED_ON_REQUEST = new Set([
  'host',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  REQUEST_ID_HEADER,
]);

const NONE_LISTED: ReadonlySet<string> = new Set();

function connectionListed(headers: IncomingHttpHeaders): ReadonlySet<string> {
  const value = headers.connection;
  // Most requests and answers name no header or only `keep-alive` (a hop-by-hop one anyway).
  if (value === undefined || value === 'keep-alive') return NONE_LISTED;
  const list = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    list
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function upstreamRequestHeaders(ctx: GatewayContext, secret: () => string): IncomingHttpHeaders {
  const incoming = ctx.req.headers;
  const listed = connectionListed(incoming);
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    if (REPLACED_ON_REQUEST.has(name) || isIdentityHeader(name)) continue;
    out[name] = value;
  }
  // ctx.ip/protocol/host honour X-Forwarded-* only when a trusted proxy sits in front (app.proxy),
  // so a client cannot choose the address services audit and rate-limit by.
  out['x-forwarded-for'] = clientIp(ctx);
  out['x-forwarded-proto'] = clientProtocol(ctx);
  if (ctx.host) out['x-forwarded-host'] = ctx.host;
  out[REQUEST_ID_HEADER] = ctx.state.requestId;
  if (ctx.state.principal) Object.assign(out, identityHeaders(ctx.state.principal, secret()));
  else if (ctx.state.visitor) Object.assign(out, visitorHeaders(ctx.state.visitor, secret()));
  else if (ctx.state.customer) Object.assign(out, customerHeaders(ctx.state.customer, secret()));
  return out;
}

function copyResponseHeaders(ctx: GatewayContext, headers: IncomingHttpHeaders): void {
  const listed = connectionListed(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    // Ours and the upstream's are the same id; keep the one already set (it was sent upstream).
    if (name === REQUEST_ID_HEADER) continue;
    // Arrays (set-cookie) are kept as separate header lines.
    ctx.res.setHeader(name, value);
  }
}

export function tooLarge(ctx: GatewayContext, limit: number): void {
  // The rest of the body will not be forwarded; closing the connection stops the client sending it.
  ctx.set('Connection', 'close');
  sendError(ctx, 413, `The request is too large. The limit is ${Math.floor(limit / (1024 * 1024))} MB.`);
}

/** Rejects a declared Content-Length over the limit before any upstream (or admin) work is done. */
export function declaredSizeLimit(maxBodyBytes: number): GatewayMiddleware {
  return async (ctx, next) => {
    const length = declaredLength(ctx.get('content-length') || undefined);
    if (length !== null && length > maxBodyBytes) return tooLarge(ctx, maxBodyBytes);
    return next();
  };
}

/** Methods whose repetition is harmless (RFC 9110 §9.2.2). */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Bodies up to this size are read before sending when another replica may have to be asked. */
const REPLAY_BODY_BYTES = 1024 * 1024;

export interface ProxyOptions {
  upstreams: Upstreams;
  maxBodyBytes: number;
  secret: () => string;
}

/** The request body as the upstream call takes it. */
interface RequestBody {
  /** The body counted against the size limit, when the request has one. */
  stream?: ByteLimit;
  /** The whole body, read before sending so another replica can be asked with it. */
  replayable?: Buffer;
  /** Whether another replica may be asked when the first one is down. */
  repeatable: boolean;
}

/**
 * With several replicas, a request that may be repeated (idempotent method or an
 * Idempotency-Key) is tried on another replica when one is down; a small body is read first so
 * it can be sent again. Everything else streams through once, as with one replica. Undefined
 * when the body could not be read and the answer has been sent.
 */
async function takeRequestBody(
  ctx: GatewayContext,
  opts: ProxyOptions,
  target: ServiceTarget,
): Promise<RequestBody | undefined> {
  const req = ctx.req;
  const replicas = opts.upstreams.replicasOf(target.def.name).length;
  const repeatableMethod = REPEATABLE_METHODS.has(ctx.method) || Boolean(req.headers['idempotency-key']);
  const repeatable = replicas > 1 && repeatableMethod;
  const declared = declaredLength(req.headers['content-length']);
  if (req.headers['transfer-encoding'] === undefined && !((declared ?? 0) > 0)) return { repeatable };
  const stream = new ByteLimit(opts.maxBodyBytes);
  req.pipe(stream);
  req.once('error', (err) => stream.destroy(err));
  if (!repeatable || declared === null || declared > REPLAY_BODY_BYTES) return { stream, repeatable: false };
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { stream, replayable: Buffer.concat(chunks), repeatable };
  } catch {
    if (stream.exceeded) tooLarge(ctx, opts.maxBodyBytes);
    else sendError(ctx, 400, 'The request body did not arrive in full.');
    return undefined;
  }
}

type UpstreamResponse = Awaited<ReturnType<Upstreams['request']>>;

/** Sends the request to a replica of the target; undefined when it failed and the answer is sent. */
async function askUpstream(
  ctx: GatewayContext,
  opts: ProxyOptions,
  target: ServiceTarget,
  body: RequestBody,
  clientGone: AbortSignal,
): Promise<UpstreamResponse | undefined> {
  try {
    return await opts.upstreams.request(
      target.def.name,
      {
        method: ctx.method as 'GET',
        path: ctx.path + ctx.search,
        headers: upstreamRequestHeaders(ctx, opts.secret),
        body: body.replayable ?? body.stream,
        headersTimeout: target.timeoutMs,
        bodyTimeout: target.timeoutMs,
        signal: clientGone,
      },
      body.repeatable,
    );
  } catch (err) {
    const log = ctx.state.log;
    if (clientGone.aborted) {
      log.info({ service: target.def.name }, 'client closed the connection before the upstream answered');
      return undefined;
    }
    if (body.stream?.exceeded) tooLarge(ctx, opts.maxBodyBytes);
    else if ((err as { code?: string }).code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH') {
      sendError(ctx, 400, 'The request body did not match its declared length.');
    } else {
      const failure = classifyUpstreamError(err);
      log.warn({ err, service: target.def.name, failure }, 'upstream request failed');
      sendUpstreamFailure(ctx, failure, target.def.area);
    }
    return undefined;
  }
}

/** Writes the upstream's status, headers and body to the client, compressed where it asks. */
async function relayResponse(
  ctx: GatewayContext,
  upstream: UpstreamResponse,
  target: ServiceTarget,
  clientGone: AbortSignal,
): Promise<void> {
  const { req, res } = ctx;
  ctx.respond = false;
  res.statusCode = upstream.statusCode;
  copyResponseHeaders(ctx, upstream.headers);
  // The service answered before the upload ended: this connection cannot be reused.
  if (!req.complete) res.setHeader('Connection', 'close');
  const compress =
    req.method === 'HEAD' ? null : compressionFor(req.headers, res.statusCode, res.getHeaders());
  if (compress) {
    res.removeHeader('content-length');
    res.setHeader('content-encoding', compress.coding);
    res.setHeader('vary', compress.vary);
  }
  try {
    if (!compress) await pipeOut(upstream.body, res);
    else if (compress.length !== undefined && compress.length <= WHOLE_MAX_BYTES) {
      const packed = compressWhole(compress.coding, Buffer.from(await upstream.body.arrayBuffer()));
      res.setHeader('content-length', packed.length);
      await endWith(res, packed);
    } else await pipeline(upstream.body, compressingStream(compress), res);
  } catch (err) {
    // Headers may be gone already; all that is left is to cut the response short.
    if (!res.destroyed) res.destroy();
    if (!clientGone.aborted)
      ctx.state.log.warn({ err, service: target.def.name }, 'upstream response stream failed');
  }
}

/**
 * Streams the request to the owning service and its response back. Neither body is buffered,
 * so uploads and exports cost constant memory; the byte counter enforces the size limit on
 * chunked uploads. The per-service timeout counts from the end of the upload to the response
 * headers (and between body chunks), so a slow client is not mistaken for a slow service.
 */
export function proxy(opts: ProxyOptions): GatewayMiddleware {
  return async (ctx) => {
    const target = ctx.state.target;
    if (!target) throw new Error('proxy reached without a routed target');
    const { req, res } = ctx;
    const body = await takeRequestBody(ctx, opts, target);
    if (!body) return;

    // A client that hangs up should not leave work running upstream.
    const clientGone = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) clientGone.abort(new Error('client closed the connection'));
    };
    res.once('close', onClose);

    try {
      const upstream = await askUpstream(ctx, opts, target, body, clientGone.signal);
      if (upstream) await relayResponse(ctx, upstream, target, clientGone.signal);
    } finally {
      res.off('close', onClose);
      if (body.stream && !body.replayable && !req.complete) discardRestOfBody(ctx, body.stream);
    }
  };
}

/** Ends the response with `bytes`; resolves once it has finished, or the client has gone. */
function endWith(res: ServerResponse, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      resolve();
    };
    res.on('finish', done);
    res.on('close', done);
    res.end(bytes);
  });
}

/**
 * `pipeline(source, res)` for the plain (uncompressed) answer, without its cost: pipeline
 * makes an AbortController per call and aborts it when done, building a DOMException with a
 * stack trace each time (~5 % of the gateway's CPU on a small authenticated read, issue 9).
 * Same outcome: resolves when the response has finished; on an error of either side, or the
 * client closing first, both are destroyed and it rejects.
 */
export function pipeOut(source: Readable, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (err?: Error): void => {
      if (settled) return;
      settled = true;
      source.off('error', settle);
      res.off('error', settle);
      res.off('finish', onFinish);
      res.off('close', onClose);
      if (!err) return resolve();
      source.unpipe(res);
      source.destroy();
      // Without an error argument: nothing listens for one on `res` any more.
      res.destroy();
      reject(err);
    };
    const onFinish = (): void => settle();
    const onClose = (): void => {
      if (!res.writableFinished) settle(new Error('the response closed before it finished'));
    };
    source.on('error', settle);
    res.on('error', settle);
    res.on('finish', onFinish);
    res.on('close', onClose);
    source.pipe(res);
  });
}

/**
 * After a failed or early-answered upload the rest of the request body is still on the wire and
 * the pipe into the (now dead) limiter has stalled it; left alone, the keep-alive connection would
 * never read its next request. Read and drop the rest, and close the connection after the reply so
 * an endless body cannot keep it busy.
 */
function discardRestOfBody(ctx: GatewayContext, body: ByteLimit): void {
  ctx.req.unpipe(body);
  ctx.req.resume();
  if (!ctx.res.headersSent) ctx.set('Connection', 'close');
}
