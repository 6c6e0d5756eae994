import { kyselyOf, sql, type Tx } from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';

export interface ChainProblem {
  tenantId: string;
  entryId: string | null;
  seq: number | null;
  reason: string;
}

export interface ChainReport {
  ok: boolean;
  checked: number;
  tenants: number;
  problems: ChainProblem[];
}

/**
 * Re-walks every chain the transaction can see. An edited row no longer matches its own hash;
 * a removed row leaves a gap in seq and a prev_hash that no longer matches; removing the newest
 * rows is caught against the recorded head. The hash itself is computed by the database
 * (`audit_row_hash`, migration 003), the same function the insert trigger uses.
 */
export async function verifyChains(tx: Tx): Promise<ChainReport> {
  const q = kyselyOf<AdminDb>(tx);
  const rows = await q
    .selectFrom('audit_log as a')
    .select(['a.tenant_id', 'a.id', 'a.seq', 'a.prev_hash', 'a.hash'])
    // sql: audit_row_hash is migration 003's function and takes the whole row
    .select(sql<string>`audit_row_hash(a.prev_hash, a)`.as('expected'))
    .orderBy('a.tenant_id')
    .orderBy('a.seq')
    .execute();
  const heads = await q
    .selectFrom('audit_chain_heads')
    .select(['tenant_id', 'last_seq', 'last_hash'])
    .execute();
  const problems: ChainProblem[] = [];
  const lastSeen = new Map<string, { seq: number; hash: string | null }>();
  for (const row of rows) {
    const seq = Number(row.seq);
    const prev = lastSeen.get(row.tenant_id);
    const at = { tenantId: row.tenant_id, entryId: row.id, seq };
    if (row.expected !== row.hash) {
      problems.push({
        ...at,
        reason: 'Entry was altered after it was recorded (its content no longer matches its hash).',
      });
    }
    if (!prev) {
      if (seq !== 1) problems.push({ ...at, reason: `Entries 1 to ${seq - 1} are missing (removed).` });
      else if (row.prev_hash !== '')
        problems.push({ ...at, reason: 'The first entry does not start the chain.' });
    } else if (seq !== prev.seq + 1) {
      problems.push({ ...at, reason: `Entries ${prev.seq + 1} to ${seq - 1} are missing (removed).` });
    } else if (row.prev_hash !== prev.hash) {
      problems.push({
        ...at,
        reason: 'The link to the previous entry is broken (an earlier entry was altered or replaced).',
      });
    }
    lastSeen.set(row.tenant_id, { seq, hash: row.hash });
  }
  for (const head of heads) {
    const last = lastSeen.get(head.tenant_id);
    const headSeq = Number(head.last_seq);
    if (!last) {
      problems.push({
        tenantId: head.tenant_id,
        entryId: null,
        seq: headSeq,
        reason: 'Every entry of this tenant was removed.',
      });
    } else if (last.seq < headSeq) {
      problems.push({
        tenantId: head.tenant_id,
        entryId: null,
        seq: headSeq,
        reason: `The newest entries (${last.seq + 1} to ${headSeq}) are missing (removed).`,
      });
    } else if (last.seq === headSeq && last.hash !== head.last_hash) {
      problems.push({
        tenantId: head.tenant_id,
        entryId: null,
        seq: headSeq,
        reason: 'The newest entry does not match the recorded chain head.',
      });
    }
  }
  for (const tenantId of lastSeen.keys()) {
    if (!heads.some((h) => h.tenant_id === tenantId)) {
      problems.push({
        tenantId,
        entryId: null,
        seq: null,
        reason: 'The chain head of this tenant is missing.',
      });
    }
  }
  return { ok: problems.length === 0, checked: rows.length, tenants: lastSeen.size, problems };
}
