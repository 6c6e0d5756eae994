import type { Tx } from '@venue/service-kit';
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

export async function readSection(tx: Tx, tenantId: string, section: SectionName): Promise<Group> {
  const { rows } = await tx.query<{ value: unknown }>(
    `SELECT value FROM tenant_settings WHERE tenant_id = $1 AND section = $2`,
    [tenantId, section],
  );
  return withDefaults(section, rows[0] ? parseStored(rows[0].value) : undefined);
}

/** Every group of a tenant, keyed by section name. */
export async function readAllSections(tx: Tx, tenantId: string): Promise<Record<SectionName, Group>> {
  const { rows } = await tx.query<{ section: SectionName; value: unknown }>(
    `SELECT section, value FROM tenant_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  const stored = new Map(rows.map((r) => [r.section, parseStored(r.value)]));
  return Object.fromEntries(SECTION_NAMES.map((s) => [s, withDefaults(s, stored.get(s))])) as Record<
    SectionName,
    Group
  >;
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
    await tx.query(
      `INSERT INTO tenant_settings (tenant_id, section, value, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, section) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by,
         updated_at = now()`,
      [tenantId, section, JSON.stringify(after), updatedBy],
    );
  }
  return { value: after, changes };
}
