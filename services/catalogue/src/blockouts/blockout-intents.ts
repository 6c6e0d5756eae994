/**
 * A block-out write in two services (decision 55, migration 013). Bookings must hold a block-out's
 * time before the catalogue stores it, and the two cannot share a transaction, so a write goes:
 *
 * 1. record the intent (committed): the new rows, their resources, an edit's state before;
 * 2. ask bookings to reserve the time (`POST /internal/blockouts/reserve`, revision-numbered);
 * 3. accepted → store the block-out and delete the intent in one transaction; refused → delete
 *    the intent alone (bookings changed nothing) and answer its 409.
 *
 * Without an answer from bookings (step 2 unknown), or with this process gone between 2 and 3,
 * the intent is settled by undoing it in bookings (`settleIntent`): a new block-out is released
 * (never refused), an edited one is reserved as it was, one revision later. Should bookings refuse
 * that because a booking took the old time meanwhile, it still holds the edit it accepted, which
 * is then stored. The request settles its own intent at once; the `blockout-intents` job settles
 * those left behind (older than `intentTiming.settleAfterMs`, well past any request's life).
 * Every step that ends an intent deletes its row conditionally, so of two settlers one acts.
 */
import type { Blockout } from '@venue/contracts/catalogue';
import type { BlockoutReserveBody } from '@venue/contracts/bookings';
import {
  conflict,
  HttpError,
  type AuditContext,
  type AuditEntry,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { db } from '../db/query.ts';
import { blockoutEventData, listBlockouts } from './blockout-store.ts';
import type { BookingsSlots } from './bookings-slots.ts';

/** Timing; tests shorten it. An intent this old belongs to no live request any more. */
export const intentTiming = { settleAfterMs: 30_000 };

/** A block-out's stored fields, instants as ISO text (the intent is JSON). */
export interface PeriodFields {
  date_from: string;
  date_to: string;
  time_from: string;
  time_to: string;
  time_zone: string;
  starts_at: string;
  ends_at: string;
  reason: Blockout['reason'];
  notes: string;
}

export interface IntentPayload {
  /** The new state: one row per block-out (a daily create has one per day). */
  rows: Array<{ id: string } & PeriodFields>;
  resourceIds: string[];
  overBookings: boolean;
  /** An edit's block-out as it was, what its undo puts back. */
  before?: { fields: PeriodFields; resourceIds: string[]; revision: number };
  /** Who asked, for the audit entry when the job stores it. */
  actor: { id: string | null; email: string | null; role: string | null };
  /** A daily create's form, for its one audit line. */
  daily?: { dateFrom: string; dateTo: string; timeFrom: string; timeTo: string };
}

export interface Intent {
  tenantId: string;
  id: string;
  kind: 'create' | 'update';
  /** The edited block-out; null for a create. */
  target: string | null;
  revision: number;
  payload: IntentPayload;
}

/** Runs `fn` in a transaction of the intent's tenant: the request's, or the job's. */
export type InTx = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export const BEING_CHANGED = 'This block-out is being changed by another request. Try again in a moment.';
export const CHANGED_MEANWHILE = 'This block-out was changed or deleted meanwhile. Reload it and try again.';
export const NOT_SAVED =
  'Bookings could not confirm this block-out, so nothing was saved. Please try again in a moment.';
export const NOT_SETTLED =
  'Bookings could not be reached, so the block-out is not saved. Check the block-outs again in a minute.';

/** Step 1: the intent, committed with the caller's transaction; 409 while another edit of the block-out is under way. */
export async function recordIntent(tx: Tx, intent: Intent): Promise<void> {
  try {
    await db(tx)
      .insertInto('blockout_intents')
      .values({
        tenant_id: intent.tenantId,
        id: intent.id,
        kind: intent.kind,
        target: intent.target,
        revision: intent.revision,
        payload: JSON.stringify(intent.payload),
      })
      .execute();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(BEING_CHANGED);
    throw err;
  }
}

/** Step 2's request: the new state at the intent's revision. */
export function reserveOf(intent: Intent): BlockoutReserveBody {
  const p = intent.payload;
  return {
    tenantId: intent.tenantId,
    revision: intent.revision,
    resourceIds: p.resourceIds,
    blockouts: p.rows.map((r) => ({ id: r.id, startsAt: r.starts_at, endsAt: r.ends_at })),
    reason: p.rows[0]!.reason,
    overBookings: p.overBookings,
  };
}

/** Ends the intent if it is still there (and, with `fresh`, no undo was asked for): true when this caller ended it. */
async function endIntent(tx: Tx, intent: Intent, fresh: boolean): Promise<boolean> {
  const gone = await db(tx)
    .deleteFrom('blockout_intents')
    .where('tenant_id', '=', intent.tenantId)
    .where('id', '=', intent.id)
    .$if(fresh, (qb) => qb.where('undo_started', '=', false))
    .returning('id')
    .execute();
  return gone.length === 1;
}

const periodWords = (f: Pick<PeriodFields, 'date_from' | 'time_from' | 'date_to' | 'time_to'>) =>
  `${f.date_from} ${f.time_from} to ${f.date_to} ${f.time_to}`;
const names = (b: Blockout) => b.resources.map((r) => r.name).join(', ');

/**
 * Step 3, bookings holding the new state: stores it, with its events and its audit entry, and
 * ends the intent, in `tx`. `revision` is what the rows record (the intent's, or its undo's when
 * bookings refused the undo). Null when the intent was ended by someone else, or an edited
 * block-out was deleted meanwhile (its release in bookings is the delete's).
 */
export async function applyIntent(
  tx: Tx,
  intent: Intent,
  ctx: AuditContext | null,
  opts: { fresh: boolean; revision: number },
): Promise<Blockout[] | null> {
  if (!(await endIntent(tx, intent, opts.fresh))) return null;
  const { tenantId, payload: p } = intent;
  const q = db(tx);
  const audit = (entry: AuditEntry) => tx.audit(ctx, ctx ? entry : { ...entry, actor: p.actor, tenantId });
  if (intent.kind === 'update') {
    const before = p.before!;
    const row = p.rows[0]!;
    const changed = await q
      .updateTable('blockouts')
      .set((eb) => ({ ...fieldsOf(row), revision: opts.revision, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .where('revision', '=', before.revision)
      .returning('id')
      .execute();
    if (changed.length === 0) return null;
    await q
      .deleteFrom('blockout_resources')
      .where('tenant_id', '=', tenantId)
      .where('blockout_id', '=', row.id)
      .execute();
    await linkResources(tx, tenantId, [row.id], p.resourceIds);
    const after = (await listBlockouts(tx, { ids: [row.id] }))[0]!;
    await tx.publish('blockout.updated', blockoutEventData(tenantId, after), { tenantId });
    await audit({
      action: 'settings_updated',
      targetType: 'resource',
      target: names(after),
      targetLabel: `Block-out (${after.reason}) — ${names(after)}`,
      additionalInfo: `Changed block-out to (${after.reason}) ${after.dateFrom} ${after.timeFrom} to ${after.dateTo} ${after.timeTo}`,
      changes: {
        period: {
          old: `${before.fields.date_from} ${before.fields.time_from} – ${before.fields.date_to} ${before.fields.time_to}`,
          new: `${after.dateFrom} ${after.timeFrom} – ${after.dateTo} ${after.timeTo}`,
        },
        resources: { old: before.resourceIds, new: after.resourceIds },
      },
    });
    return [after];
  }
  // One row per block-out (at most MAX_DAILY_BLOCKOUT_DAYS), in one statement.
  await q
    .insertInto('blockouts')
    .values(p.rows.map((r) => ({ tenant_id: tenantId, id: r.id, ...fieldsOf(r), revision: opts.revision })))
    .execute();
  const ids = p.rows.map((r) => r.id);
  await linkResources(tx, tenantId, ids, p.resourceIds);
  const created = await listBlockouts(tx, { ids });
  for (const b of created) await tx.publish('blockout.created', blockoutEventData(tenantId, b), { tenantId });
  const first = created[0]!;
  await audit({
    action: 'settings_updated',
    targetType: 'resource',
    target: names(first),
    targetLabel: `Block-out (${first.reason}) — ${names(first)}`,
    additionalInfo: p.daily
      ? `Block-outs (${first.reason}) each day ${p.daily.dateFrom} to ${p.daily.dateTo}, ${p.daily.timeFrom} to ${p.daily.timeTo} (${created.length} block-outs)`
      : `Block-out (${first.reason}) ${periodWords(p.rows[0]!)}`,
  });
  return created;
}

/** The columns INSERT and UPDATE write, from the intent's JSON. */
function fieldsOf(r: PeriodFields) {
  return {
    date_from: r.date_from,
    date_to: r.date_to,
    time_from: r.time_from,
    time_to: r.time_to,
    time_zone: r.time_zone,
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
    reason: r.reason,
    notes: r.notes,
  };
}

/**
 * Every block-out × every resource that still exists (up to 366 days × 500 resources: one
 * statement, built in the database; a resource deleted since the intent is left out).
 */
async function linkResources(tx: Tx, tenantId: string, ids: string[], resourceIds: string[]) {
  await db(tx)
    .insertInto('blockout_resources')
    .columns(['tenant_id', 'blockout_id', 'resource_id'])
    .expression((eb) =>
      eb
        .selectFrom('blockouts as b')
        .innerJoin('resources as r', (j) => j.onRef('r.tenant_id', '=', 'b.tenant_id'))
        .select(['b.tenant_id', 'b.id', 'r.id as resource_id'])
        .where('b.tenant_id', '=', tenantId)
        .where((w) => w('b.id', '=', w.fn.any(w.val(ids))))
        .where((w) => w('r.id', '=', w.fn.any(w.val(resourceIds)))),
    )
    .execute();
}

/**
 * Ends the intent with the catalogue unchanged; an edited block-out's next write then numbers
 * after `revision` (bookings may have applied up to it).
 */
export async function discardIntent(tx: Tx, intent: Intent, revision: number): Promise<boolean> {
  const ended = await endIntent(tx, intent, false);
  if (ended && intent.target)
    await db(tx)
      .updateTable('blockouts')
      .set((eb) => ({ revision: eb.fn<number>('greatest', [eb.ref('revision'), eb.val(revision)]) }))
      .where('tenant_id', '=', intent.tenantId)
      .where('id', '=', intent.target)
      .execute();
  return ended;
}

export type Settled = { kind: 'undone' } | { kind: 'applied'; blockouts: Blockout[] } | { kind: 'unsettled' };

/**
 * Settles an intent whose reserve got no answer: asks bookings to undo it (see the file's
 * comment) and ends it by that answer. `unsettled` when bookings did not answer this either.
 */
export async function settleIntent(
  inTx: InTx,
  slots: BookingsSlots,
  intent: Intent,
  ctx: AuditContext | null,
): Promise<Settled> {
  const marked = await inTx((tx) =>
    db(tx)
      .updateTable('blockout_intents')
      .set({ undo_started: true })
      .where('tenant_id', '=', intent.tenantId)
      .where('id', '=', intent.id)
      .returning('id')
      .execute(),
  );
  // Gone: another settler ended it (stored or undone; the block-out list tells which).
  if (marked.length === 0) return { kind: 'unsettled' };
  const undo = intent.revision + 1;
  if (intent.kind === 'create') {
    const ids = intent.payload.rows.map((r) => r.id);
    if (!(await slots.release({ tenantId: intent.tenantId, ids }))) return { kind: 'unsettled' };
    await inTx((tx) => discardIntent(tx, intent, undo));
    return { kind: 'undone' };
  }
  const before = intent.payload.before!;
  const outcome = await slots.reserve({
    ...reserveOf(intent),
    revision: undo,
    resourceIds: before.resourceIds,
    blockouts: [{ id: intent.target!, startsAt: before.fields.starts_at, endsAt: before.fields.ends_at }],
    reason: before.fields.reason,
    // putting back what bookings held before is never a choice to block out over a booking
    overBookings: false,
  });
  if (outcome.kind === 'unknown') return { kind: 'unsettled' };
  if (outcome.kind === 'refused' && outcome.refusal.code === 'blockout_over_bookings') {
    // A booking took the old time meanwhile: bookings still holds the edit, which is stored.
    const stored = await inTx((tx) => applyIntent(tx, intent, ctx, { fresh: false, revision: undo }));
    return stored ? { kind: 'applied', blockouts: stored } : { kind: 'undone' };
  }
  // Put back (or, `stale`, the block-out was released meanwhile: its delete settles bookings).
  await inTx((tx) => discardIntent(tx, intent, undo));
  return { kind: 'undone' };
}

/** The 503 of a write bookings did not confirm. */
export const unconfirmed = (settled: Settled) =>
  new HttpError(503, settled.kind === 'undone' ? NOT_SAVED : NOT_SETTLED);

function toIntent(r: {
  tenant_id: string;
  id: string;
  kind: 'create' | 'update';
  target: string | null;
  revision: number;
  payload: unknown;
}): Intent {
  const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as IntentPayload;
  return {
    tenantId: r.tenant_id,
    id: r.id,
    kind: r.kind,
    target: r.target,
    revision: Number(r.revision),
    payload,
  };
}

/**
 * The `blockout-intents` job: every intent older than `intentTiming.settleAfterMs` (its request
 * answered or died long ago) is settled, one tenant transaction at a time, never holding one
 * while bookings is asked. Answers how many it settled either way.
 */
export function blockoutIntentsJob(slots: BookingsSlots) {
  return {
    name: 'blockout-intents',
    cron: '*/1 * * * *',
    async run(kit: ServiceKit): Promise<void> {
      const cutoff = new Date(Date.now() - intentTiming.settleAfterMs);
      // Every tenant's (the system scope): the job is not one tenant's request.
      const rows = await kit.db.systemTx((tx) =>
        db(tx)
          .selectFrom('blockout_intents')
          .select(['tenant_id', 'id', 'kind', 'target', 'revision', 'payload'])
          .where('created_at', '<=', cutoff)
          .orderBy('created_at')
          .limit(200)
          .execute(),
      );
      for (const r of rows) {
        const intent = toIntent(r);
        await settleIntent((fn) => kit.db.tenantTx(intent.tenantId, fn), slots, intent, null);
      }
    },
  };
}
