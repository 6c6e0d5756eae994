/**
 * Settings → Online bookings (issue 25, decision 56): storage. One row per venue that saved the
 * page; a venue without one reads the defaults (off, no slug). The agreement texts are versioned:
 * a change of either text is the next version, kept in online_agreements, because a booking
 * stores the version its customer accepted.
 */
import { randomUUID } from 'node:crypto';
import {
  ONLINE_BOOKINGS_DEFAULTS,
  onlineBookingsSchema,
  type OnlineBookings,
  type OnlineBookingsUpdate,
  type OnlineQuestion,
} from '@venue/contracts';
import { kyselyOf, type Insertable, type Kysely, type Tx } from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';

type Row = {
  enabled: boolean;
  slug: string | null;
  resource_ids: string[];
  min_notice_hours: number;
  window_days: number;
  mode: 'request' | 'hold';
  verify_email: boolean;
  questions: unknown;
  agreement_version: number;
  agreement_text: string;
  cancellation_terms: string;
  agreement_updated_at: Date;
};

function questionsOf(value: unknown): OnlineQuestion[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as OnlineQuestion[]) : [];
}

function fromRow(row: Row | undefined, fallbackTime: Date): OnlineBookings {
  if (!row) {
    return {
      ...ONLINE_BOOKINGS_DEFAULTS,
      resourceIds: [],
      questions: [],
      agreement: { ...ONLINE_BOOKINGS_DEFAULTS.agreement, updatedAt: fallbackTime.toISOString() },
    };
  }
  return {
    enabled: row.enabled,
    slug: row.slug,
    resourceIds: [...row.resource_ids],
    minNoticeHours: Number(row.min_notice_hours),
    windowDays: Number(row.window_days),
    mode: row.mode,
    verifyEmail: row.verify_email,
    questions: questionsOf(row.questions),
    agreement: {
      version: Number(row.agreement_version),
      text: row.agreement_text,
      cancellationTerms: row.cancellation_terms,
      updatedAt: new Date(row.agreement_updated_at).toISOString(),
    },
  };
}

const COLUMNS = [
  'enabled',
  'slug',
  'resource_ids',
  'min_notice_hours',
  'window_days',
  'mode',
  'verify_email',
  'questions',
  'agreement_version',
  'agreement_text',
  'cancellation_terms',
  'agreement_updated_at',
] as const;

/** The venue's setting (defaults when never saved). `forUpdate` locks the row for a write. */
export async function readOnlineBookings(
  tx: Tx,
  tenantId: string,
  forUpdate = false,
): Promise<OnlineBookings> {
  let q = kyselyOf<AdminDb>(tx)
    .selectFrom('online_bookings')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return fromRow(row as Row | undefined, new Date(0));
}

export class SlugTakenError extends Error {}

function isSlugClash(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    e?.code === '23505' &&
    (e.constraint === 'online_bookings_slug_key' ||
      String(e.message ?? '').includes('online_bookings_slug_key'))
  );
}

export type Changes = Record<string, { old: unknown; new: unknown }>;

/** JSON with object keys sorted: jsonb keeps its own key order, so a saved question reads back reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * Saves the whole setting. Questions without an id get one; the agreement is the next version
 * when either text changed (a venue saving for the first time writes version 1). Returns the
 * setting as stored and what changed (for the audit log and the snapshot); throws
 * SlugTakenError when another venue has the slug.
 */
export async function writeOnlineBookings(
  tx: Tx,
  tenantId: string,
  update: OnlineBookingsUpdate,
  userId: string,
): Promise<{ value: OnlineBookings; changes: Changes }> {
  const q = kyselyOf<AdminDb>(tx);
  const existing = await q
    .selectFrom('online_bookings')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  const before = fromRow(existing as Row | undefined, new Date(0));
  const questions: OnlineQuestion[] = update.questions.map((question) => ({
    id: question.id ?? randomUUID(),
    label: question.label,
    kind: question.kind,
    ...(question.kind === 'choice' ? { options: question.options ?? [] } : {}),
    required: question.required,
  }));
  const textChanged =
    before.agreement.text !== update.agreement.text ||
    before.agreement.cancellationTerms !== update.agreement.cancellationTerms;
  // A first save writes version 1: no visitor could have accepted the defaults' empty texts.
  const version = existing ? before.agreement.version + (textChanged ? 1 : 0) : 1;
  const newAgreement = !existing || textChanged;
  const values = {
    enabled: update.enabled,
    slug: update.slug ?? (update.slug === null ? null : before.slug),
    resource_ids: update.resourceIds,
    min_notice_hours: update.minNoticeHours,
    window_days: update.windowDays,
    mode: update.mode,
    verify_email: update.verifyEmail,
    questions: JSON.stringify(questions),
    agreement_version: version,
    agreement_text: update.agreement.text,
    cancellation_terms: update.agreement.cancellationTerms,
    updated_by: userId,
  };
  const row = await upsertSetting(q, tenantId, values, newAgreement);
  if (newAgreement) {
    await q
      .insertInto('online_agreements')
      .values({
        tenant_id: tenantId,
        version,
        text: update.agreement.text,
        cancellation_terms: update.agreement.cancellationTerms,
        created_by: userId,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'version']).doNothing())
      .execute();
  }
  const value = onlineBookingsSchema.parse(fromRow(row, new Date()));
  return { value, changes: settingChanges(before, value, existing !== undefined, newAgreement) };
}

type SettingValues = Omit<Insertable<AdminDb['online_bookings']>, 'tenant_id'>;

/** The setting's row written whole; another venue's slug is SlugTakenError. */
async function upsertSetting(
  q: Kysely<AdminDb>,
  tenantId: string,
  values: SettingValues,
  newAgreement: boolean,
): Promise<Row> {
  try {
    const row = await q
      .insertInto('online_bookings')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet((eb) => ({
          enabled: eb.ref('excluded.enabled'),
          slug: eb.ref('excluded.slug'),
          resource_ids: eb.ref('excluded.resource_ids'),
          min_notice_hours: eb.ref('excluded.min_notice_hours'),
          window_days: eb.ref('excluded.window_days'),
          mode: eb.ref('excluded.mode'),
          verify_email: eb.ref('excluded.verify_email'),
          questions: eb.ref('excluded.questions'),
          agreement_version: eb.ref('excluded.agreement_version'),
          agreement_text: eb.ref('excluded.agreement_text'),
          cancellation_terms: eb.ref('excluded.cancellation_terms'),
          agreement_updated_at: newAgreement ? NOW : eb.ref('online_bookings.agreement_updated_at'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: NOW,
        })),
      )
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return row as Row;
  } catch (err) {
    if (isSlugClash(err)) throw new SlugTakenError();
    throw err;
  }
}

/** What the save changed, for the audit log and the snapshot. */
function settingChanges(
  before: OnlineBookings,
  value: OnlineBookings,
  existed: boolean,
  newAgreement: boolean,
): Changes {
  const changes: Changes = {};
  const compare = (key: string, old: unknown, now: unknown) => {
    if (canonical(old) !== canonical(now)) changes[key] = { old, new: now };
  };
  compare('enabled', before.enabled, value.enabled);
  compare('slug', before.slug, value.slug);
  compare('resourceIds', before.resourceIds, value.resourceIds);
  compare('minNoticeHours', before.minNoticeHours, value.minNoticeHours);
  compare('windowDays', before.windowDays, value.windowDays);
  compare('mode', before.mode, value.mode);
  compare('verifyEmail', before.verifyEmail, value.verifyEmail);
  compare('questions', before.questions, value.questions);
  // The texts can be long: the audit log records the version, not the words.
  compare(
    'agreementVersion',
    existed ? before.agreement.version : null,
    newAgreement ? value.agreement.version : before.agreement.version,
  );
  return changes;
}

/** The gateway's look-up: which venue a slug names and whether its page is open (any tenant). */
export async function findVenueBySlug(
  tx: Tx,
  slug: string,
): Promise<{ tenantId: string; slug: string; enabled: boolean } | null> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('online_bookings as o')
    .innerJoin('users as u', 'u.id', 'o.tenant_id')
    .select(['o.tenant_id', 'o.slug', 'o.enabled', 'u.status', 'u.deleted_at'])
    .where('o.slug', '=', slug)
    .executeTakeFirst();
  if (!row || !row.slug) return null;
  // A deactivated or deleted venue takes no bookings, whatever its page says.
  const open = row.enabled && row.status === 'active' && row.deleted_at === null;
  return { tenantId: row.tenant_id, slug: row.slug, enabled: open };
}
