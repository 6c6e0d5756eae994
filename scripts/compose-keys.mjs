// Used by docker-compose's setup step: the same key files the launcher makes for `npm start`.
import { ensureKeys } from './lib/keys.mjs';
import { writeFileSync, renameSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const target = process.argv[2] ?? '/keys';
mkdirSync(target, { recursive: true });
const staging = path.join(target, '.staging');
const keys = ensureKeys(staging);
for (const f of ['access-private.pem', 'access-public.pem', 'internal-secret']) {
  const dest = path.join(target, f);
  if (!existsSync(dest)) renameSync(path.join(staging, 'keys', f), dest);
}
writeFileSync(path.join(target, '.ready'), keys.publicKeyFile ? 'ok' : '');
