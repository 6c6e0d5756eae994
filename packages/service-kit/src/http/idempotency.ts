import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Context, Next } from 'koa';
import { HttpError } from '../errors.ts';
import type { JobDefinition } from '../kit.ts';
import type { Tx } from '../db/types.ts';
import type { AppContext } from './context.ts';
import { errorHandler } from './middleware.ts';

/**
 * `Idempotency-Key` on POST (docs/platform-contract.md, "Idempotent POSTs").
 *
 * A client that may send the same POST twice (a double click, a retry after a lost answer)
 * names it with a key. The first request with a key claims it, in its own short committed
 * transaction, before any work: `INSERT … ON CONFLICT DO NOTHING` on (tenant, key), so of two
 * simultaneous requests exactly one wins. The winner does the work and stores its answer
 * (status, body, the headers that describe it); a 5xx or a crash-free failure releases the
 * claim so a retry does the work for real. Every other request with the key compares its
 * fingerprint (method, path, query, body): different → 422; same → it replays the stored
 * answer, waiting a few seconds for one still being produced, then 409.
 *
 * On a route whose work runs in the request's transaction (`withTx`), the answer is stored in that
 * transaction, just before it commits (`storeAnswerInTx`): the work and its answer are kept
 * together or not at all, so a crash between the two can no longer let a retry do the work
 * again, and a keyed write costs one transaction fewer (issue 27 item 1). The claim stays its own
 * transaction, committed before the work starts, so a duplicate arriving meanwhile finds it.
 *
 * It runs inside `requireAuth` (and `requireCustomer`, `requireVisitor`), right after the caller
 * is known: keys are per tenant, and a refused token (401) is never stored. POSTs without any of
 * them (sign-in, refresh, logout, internal and webhook routes) ignore the header: their answers
 * carry session secrets or come from machines with their own retry rules.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer replayed from the store (the same name Stripe and the IETF draft use). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_KEY_INVALID_MESSAGE =
  'Idempotency-Key must be 1 to 255 printable characters (letters, digits, punctuation or spaces).';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

/** Printable ASCII; HTTP parsers trim surrounding spaces, so an all-space key arrives empty. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * Timing. Tests shorten `waitMs`; nothing else should change these at run time.
 * - `waitMs`: how long a duplicate waits for the first request's answer before the 409.
 * - `abandonedAfterMs`: a claim with no answer this long after it was taken belongs to a
 *   process that died mid-request; a request with the same fingerprint may take it over. Well
 *   beyond the gateway's upstream timeouts (10–15 s), so a live request is never overtaken.
 */
export const idempotencyTiming = {
  waitMs: 5_000,
  pollMs: 50,
  abandonedAfterMs: 120_000,
  keepHours: 24,
};

/** Headers that describe the answer and are replayed with it (never cookies or request ids). */
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'content-language', 'location'];

/** Client errors that do not answer the request itself: the key is released, not kept. */
const NOT_KEPT = new Set([401, 408, 429]);

/** Contexts whose key is already handled (requireAuth placed twice on one route). */
const handled = new WeakSet<AppContext>();

/** What a replay answers instead of the request's own answer (see `replayWithout`). */
const substitutes = new WeakMap<AppContext, { status: number; body: unknown }>();

/**
 * For an answer that carries a secret shown once (a new API key): the idempotency store keeps
 * `body` with `status` in its place, so the secret is never written to the database, and a
 * replay answers that instead (the record, saying the secret was shown only the first time).
 * Without an Idempotency-Key on the request this does nothing.
 */
export function replayWithout(ctx: AppContext, status: number, body: unknown): void {
  substitutes.set(ctx, { status, body });
}

interface StoredRow {
  method: string;
  path: string;
  body_hash: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: Uint8Array | null;
  completed_at: unknown;
}

/** JSON with object keys sorted, so the same body sent twice hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What "the same request" means. Parsed bodies (JSON, forms) by their content; a body the kit
 * does not parse before the route (multipart uploads, read by the route itself) by its media
 * type and length only, since reading it here would consume it.
 */
function fingerprint(ctx: AppContext, caller: string): string {
  const parsed = ctx.request.rawBody !== undefined;
  const body = parsed
    ? canonical(ctx.request.body)
    : { type: ctx.request.type, length: ctx.request.length ?? null };
  // Staff keep the fingerprint they always had; a customer's or visitor's names who sent it.
  const parts = caller
    ? [ctx.method, ctx.path, ctx.querystring, body, caller]
    : [ctx.method, ctx.path, ctx.querystring, body];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Whose keys a request's Idempotency-Key is among: the tenant, and within it the caller when it
 * is not staff (decision 56): a customer by id, a visitor by venue. Keys are per tenant, so the
 * caller goes into the fingerprint: another customer who sent the same key and body would get
 * "already used for a different request", never this customer's answer.
 */
export interface IdempotencyScope {
  tenantId: string;
  caller: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer's bytes as the client receives them (objects as Koa serialises them). */
async function answerBytes(ctx: AppContext): Promise<Buffer | null> {
  const body: unknown = ctx.body;
  if (body === null || body === undefined) return null;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  let bytes: Buffer | undefined;
  if (body instanceof Readable) bytes = await buffer(body);
  else if (body instanceof Blob) bytes = Buffer.from(await body.arrayBuffer());
  else if (body instanceof ReadableStream) bytes = Buffer.from(await new Response(body).arrayBuffer());
  else if (body instanceof Response) bytes = Buffer.from(await body.arrayBuffer());
  if (bytes) {
    // A stream can be read once: answer this request from the bytes just read.
    const type = ctx.response.get('content-type');
    ctx.body = bytes;
    if (type) ctx.set('content-type', type);
    return bytes;
  }
  return Buffer.from(JSON.stringify(body));
}

/** What is stored for an answer; null when it is not one to keep (see `doOnce`). */
interface Kept {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer | null;
}

async function keptAnswer(ctx: AppContext): Promise<Kept | null> {
  // A 5xx is not an answer to keep: the retry should do the work. Nor are 401, 408 and 429,
  // which are about the credentials or the moment rather than the request. An answer that
  // sets a cookie carries a session secret, which is neither stored nor replayed
  // (change-password).
  if (NOT_KEPT.has(ctx.status) || ctx.status >= 500 || ctx.response.get('set-cookie')) return null;
  // An answer holding a secret shown once is kept as the route's stand-in, never as sent.
  const substitute = substitutes.get(ctx);
  if (substitute)
    return {
      status: substitute.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      bytes: Buffer.from(JSON.stringify(substitute.body)),
    };
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = String(value);
  }
  return { status: ctx.status, headers, bytes: await answerBytes(ctx) };
}

const CLAIM = `INSERT INTO idempotency_keys AS k (tenant_id, key, claim, method, path, body_hash)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (tenant_id, key) DO UPDATE
     SET claim = EXCLUDED.claim, method = EXCLUDED.method, path = EXCLUDED.path,
         body_hash = EXCLUDED.body_hash, status = NULL, headers = NULL, body = NULL,
         created_at = now(), completed_at = NULL
   WHERE k.created_at < now() - make_interval(hours => $7)
      OR (k.completed_at IS NULL AND k.body_hash = EXCLUDED.body_hash
          AND k.created_at < now() - make_interval(secs => $8))
  RETURNING 1`;

const STORE_ANSWER = `UPDATE idempotency_keys SET status = $4, headers = $5::jsonb, body = $6, completed_at = now()
  WHERE tenant_id = $1 AND key = $2 AND claim = $3`;

const storeParams = (c: Claimed, kept: Kept) => [
  c.tenantId,
  c.key,
  c.claim,
  kept.status,
  JSON.stringify(kept.headers),
  kept.bytes,
];

/** A request holding its key's claim, and whether its answer is already stored with its work. */
interface Claimed {
  tenantId: string;
  key: string;
  claim: string;
  storedInTx: boolean;
}
const claimedBy = new WeakMap<AppContext, Claimed>();

/**
 * Called by `withTx` as the request's work ends, in its transaction, before COMMIT: the answer of
 * a request holding a key's claim is stored there, so the two commit together. Nothing for a
 * request without a claim, or an answer that is not kept (left to `doOnce`, which releases it).
 */
export async function storeAnswerInTx(ctx: AppContext, tx: Tx): Promise<void> {
  const claimed = claimedBy.get(ctx);
  if (!claimed || claimed.storedInTx) return;
  const kept = await keptAnswer(ctx);
  if (!kept) return;
  const { rowCount } = await tx.query(STORE_ANSWER, storeParams(claimed, kept));
  claimed.storedInTx = rowCount > 0;
}

/**
 * For a handler that opens its own write transaction (`transaction: 'none'`, `inRequestTx`): sets
 * its answer from inside that transaction, stored there for a keyed POST as `withTx` does, so the
 * work and its answer commit together. Whatever the handler answers after must be the same.
 */
export async function answerInTx(ctx: AppContext, tx: Tx, status: number, body: unknown): Promise<void> {
  ctx.status = status;
  ctx.body = body;
  await storeAnswerInTx(ctx, tx);
}

function replay(ctx: AppContext, row: StoredRow): void {
  ctx.body = row.body === null ? null : Buffer.from(row.body);
  ctx.status = row.status!;
  for (const [name, value] of Object.entries(row.headers ?? {})) ctx.set(name, value);
  ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
}

/**
 * Runs `next` at most once per (tenant, key): see the top of this file. Called by `requireAuth`
 * once the principal is known; passes straight through for anything but a POST with the header.
 */
export async function idempotent(ctx: AppContext, next: Next, scope?: IdempotencyScope): Promise<void> {
  const presented = ctx.headers['idempotency-key'];
  if (ctx.method !== 'POST' || presented === undefined || handled.has(ctx)) return next();
  handled.add(ctx);
  const key = Array.isArray(presented) ? presented.join(', ') : presented;
  if (!VALID_KEY.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_INVALID_MESSAGE);

  const { db } = ctx.kit;
  const tenantId = scope?.tenantId ?? ctx.state.principal.tenantId;
  const hash = fingerprint(ctx, scope?.caller ?? '');
  const claim = randomUUID();
  const deadline = Date.now() + idempotencyTiming.waitMs;

  for (;;) {
    // A key past its keeping time is free again; so is a claim abandoned by a dead process,
    // for the same request only. The row lock ON CONFLICT takes lets one taker through. One
    // statement in its own transaction: BEGIN, it and COMMIT in one write.
    const { rowCount } = await db.tenantStatement(tenantId, CLAIM, [
      tenantId,
      key,
      claim,
      ctx.method,
      ctx.path,
      hash,
      idempotencyTiming.keepHours,
      idempotencyTiming.abandonedAfterMs / 1000,
    ]);
    const claimed = rowCount > 0;
    if (claimed) return doOnce(ctx, next, tenantId, key, claim);

    const row = await db.tenantTx(tenantId, async (tx) => {
      const { rows } = await tx.query<StoredRow>(
        `SELECT method, path, body_hash, status, headers, body, completed_at
           FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`,
        [tenantId, key],
      );
      return rows[0];
    });
    if (row) {
      if (row.body_hash !== hash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (row.completed_at !== null && row.status !== null) {
        ctx.log.debug({ idempotencyKey: key }, 'idempotent replay');
        replay(ctx, row);
        return;
      }
    }
    // No row: the first request failed and released the key; claim it again at once.
    if (Date.now() >= deadline) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS_MESSAGE);
    if (row) await sleep(idempotencyTiming.pollMs);
  }
}

async function doOnce(ctx: AppContext, next: Next, tenantId: string, key: string, claim: string) {
  const { db } = ctx.kit;
  const claimed: Claimed = { tenantId, key, claim, storedInTx: false };
  claimedBy.set(ctx, claimed);
  const release = () =>
    db.tenantTx(tenantId, (tx) =>
      tx.query('DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND claim = $3', [
        tenantId,
        key,
        claim,
      ]),
    );
  let kept: Kept | null;
  try {
    // The kit's error handler, run here rather than only at the top, turns a thrown 4xx into
    // the answer it will be, so that answer can be stored; 5xx come out as answers too.
    await errorHandler()(ctx as unknown as Context, next);
    // Stored with the work, in the request's transaction, which has committed.
    if (claimed.storedInTx) return;
    kept = await keptAnswer(ctx);
    if (!kept) {
      await release().catch((e: unknown) => ctx.log.error({ err: e }, 'idempotency key not released'));
      return;
    }
  } catch (err) {
    await release().catch((e: unknown) => ctx.log.error({ err: e }, 'idempotency key not released'));
    throw err;
  }
  try {
    // A route whose work is not in one request transaction, or an answer that is not a success
    // (its transaction rolled back): stored on its own.
    await db.tenantTx(tenantId, (tx) => tx.query(STORE_ANSWER, storeParams(claimed, kept)));
  } catch (err) {
    // The work is done and committed; this client still gets its answer. A duplicate waits,
    // then gets the 409 until the claim counts as abandoned.
    ctx.log.error({ err, idempotencyKey: key }, 'idempotent answer not stored');
  }
}

/** Hourly: keys past their keeping time go (a claim re-taking an expired key does not wait for it). */
export const idempotencyPurgeJob: JobDefinition = {
  name: 'kit.idempotency-keys-purge',
  cron: '17 * * * *',
  async run(kit) {
    await kit.db.systemTx((tx) =>
      tx.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [
        idempotencyTiming.keepHours,
      ]),
    );
  },
};
