// `node scripts/openapi.mjs`: writes docs/api/openapi.json, the OpenAPI 3.1 document built from the
// route tables in packages/contracts (the same one the gateway serves at /api/openapi.json).
// The committed file is the published contract: scripts/openapi.test.ts fails when the built
// document breaks it (a call, answer or answer field removed, a type changed) and passes additions,
// which this script then accepts into the file. `--check` only reports, exiting 1 on a breaking change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { breakingChanges } from '@venue/contracts/api';
import { venueOpenApi } from '@venue/contracts/openapi';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_FILE = path.join(root, 'docs/api/openapi.json');

/** The document as the file keeps it: prettier's JSON, so `npm run format:check` accepts it. */
export async function formatted(doc) {
  const options = (await prettier.resolveConfig(OPENAPI_FILE)) ?? {};
  return prettier.format(JSON.stringify(doc), { ...options, parser: 'json', filepath: OPENAPI_FILE });
}

async function main() {
  const doc = venueOpenApi();
  const committed = existsSync(OPENAPI_FILE) ? JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) : null;
  const breaking = committed ? breakingChanges(committed, doc) : [];
  if (breaking.length) {
    console.error(
      `[openapi] ${breaking.length} breaking change(s) to the published API:\n  ${breaking.join('\n  ')}`,
    );
    if (process.argv.includes('--check') || !process.argv.includes('--accept-breaking')) {
      console.error(
        '[openapi] Keep the old answer (add a field or a new route instead). To publish the break anyway, run with --accept-breaking and say why in docs/decisions.',
      );
      process.exit(1);
    }
  }
  if (process.argv.includes('--check')) {
    console.log('[openapi] no breaking change');
    return;
  }
  writeFileSync(OPENAPI_FILE, await formatted(doc));
  const paths = Object.keys(doc.paths).length;
  const ops = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
  console.log(`[openapi] wrote ${path.relative(root, OPENAPI_FILE)}: ${ops} calls on ${paths} paths`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
