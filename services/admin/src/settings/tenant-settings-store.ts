import { kyselyOf, type Tx } from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { readSettings, writeSettings } from './settings-store.ts';
import { SECTION_NAMES, SECTIONS, type SectionName } from './tenant-settings-schemas.ts';

export type Changes = Record<string, { old: unknown; new: unknown }>;
type Group = Record<string, unknown>;

function parseStored(value: unknown): Group {
  if (typeof value === 'string') return JSON.parse(value) as Group;
  return (value ?? {}) as Group;
}

/** Stored values over the defaults, so a group added later or a new field reads sensibly. */
function withDefaults(section: SectionName, stored: Group | undefined): Group {
  return { ...(SECTIONS[section].defaults as Group), ...(stored ?? {}) };
}

/**
 * The GST rate is one fact, stored once: General settings' `tax_rate` (user_settings), which the
 * Taxes screen edits and bookings applies. Payments → Invoice Settings shows and edits the same
 * rate as `gstRate`; the invoice group no longer stores a rate of its own (a copy saved there
 * before is ignored, so the two screens can never disagree again).
 */
const SHARED_GST_FIELD = 'gstRate';

async function withSharedRate(tx: Tx, tenantId: string, section: SectionName, group: Group): Promise<Group> {
  if (section !== 'invoice') return group;
  return { ...group, [SHARED_GST_FIELD]: (await readSettings(tx, tenantId)).taxRate };
}

export async function readSection(tx: Tx, tenantId: string, section: SectionName): Promise<Group> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('tenant_settings')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('section', '=', section)
    .executeTakeFirst();
  return withSharedRate(
    tx,
    tenantId,
    section,
    withDefaults(section, row ? parseStored(row.value) : undefined),
  );
}

/** Every group of a tenant, keyed by section name. */
export async function readAllSections(tx: Tx, tenantId: string): Promise<Record<SectionName, Group>> {
  const rows = await kyselyOf<AdminDb>(tx)
    .selectFrom('tenant_settings')
    .select(['section', 'value'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const stored = new Map<string, Group>(rows.map((r) => [r.section, parseStored(r.value)]));
  const all = Object.fromEntries(SECTION_NAMES.map((s) => [s, withDefaults(s, stored.get(s))])) as Record<
    SectionName,
    Group
  >;
  all.invoice = await withSharedRate(tx, tenantId, 'invoice', all.invoice);
  return all;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Merges an already validated partial update into the group and returns what changed. */
export async function writeSection(
  tx: Tx,
  tenantId: string,
  section: SectionName,
  update: Group,
  updatedBy: string,
): Promise<{ value: Group; changes: Changes }> {
  const before = await readSection(tx, tenantId, section);
  const after: Group = { ...before };
  for (const [k, v] of Object.entries(update)) if (v !== undefined) after[k] = v;
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    if (!same(before[key], after[key])) changes[key] = { old: before[key] ?? null, new: after[key] };
  }
  if (Object.keys(changes).length > 0) {
    const { [SHARED_GST_FIELD]: rate, ...own } = after;
    const stored = section === 'invoice' ? own : after;
    await kyselyOf<AdminDb>(tx)
      .insertInto('tenant_settings')
      .values({ tenant_id: tenantId, section, value: JSON.stringify(stored), updated_by: updatedBy })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'section']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: NOW,
        })),
      )
      .execute();
    // the invoice screen's rate is the tenant's one rate
    if (section === 'invoice' && changes[SHARED_GST_FIELD]) {
      await writeSettings(tx, tenantId, { taxRate: Number(rate) }, updatedBy);
    }
  }
  return { value: after, changes };
}
