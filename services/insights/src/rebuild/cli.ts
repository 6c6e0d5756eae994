/**
 * Rebuilds the insights read model from the owners' data (decision 39):
 *
 *   node services/insights/src/rebuild/cli.ts <tenantId>…     one or more tenants
 *   node services/insights/src/rebuild/cli.ts --all           every tenant insights knows
 *
 * It asks the running insights service (INSIGHTS_URL, else its default port) to do it, since
 * the embedded database belongs to that process; the secret for internal calls comes from
 * INTERNAL_SECRET or DATA_DIR/keys/internal-secret (what `npm start` generates). Prints what
 * each tenant got back, and what could not be replayed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INTERNAL_AUTH_HEADER, SERVICES } from '@venue/contracts';

const base = (
  process.env.INSIGHTS_URL?.split(',')[0] ??
  `http://127.0.0.1:${SERVICES.find((s) => s.name === 'insights')?.defaultPort ?? 7106}`
).replace(/\/+$/, '');
const secret =
  process.env.INTERNAL_SECRET ??
  readFileSync(path.join(process.env.DATA_DIR ?? '.data', 'keys', 'internal-secret'), 'utf8').trim();
const headers = { [INTERNAL_AUTH_HEADER]: secret, accept: 'application/json' };

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node services/insights/src/rebuild/cli.ts <tenantId>… | --all');
  process.exit(2);
}
let tenants = args.filter((a) => a !== '--all');
if (args.includes('--all')) {
  const res = await fetch(`${base}/internal/tenants`, { headers });
  if (!res.ok) throw new Error(`listing tenants: ${res.status} ${await res.text()}`);
  tenants = [...new Set([...tenants, ...((await res.json()) as { tenants: string[] }).tenants])];
}
let failed = 0;
for (const tenant of tenants) {
  const res = await fetch(`${base}/internal/rebuild/${encodeURIComponent(tenant)}`, {
    method: 'POST',
    headers,
  });
  const text = await res.text();
  if (res.ok) console.log(`${tenant}: ${text}`);
  else {
    failed++;
    console.error(`${tenant}: ${res.status} ${text}`);
  }
}
process.exit(failed ? 1 : 0);
