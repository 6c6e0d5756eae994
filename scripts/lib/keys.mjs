// First start: an Ed25519 key pair for access tokens and a secret for internal calls,
// kept under DATA_DIR/keys so restarts keep sessions valid.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function ensureKeys(dataDir) {
  const dir = path.join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const priv = path.join(dir, 'access-private.pem');
  const pub = path.join(dir, 'access-public.pem');
  const secretFile = path.join(dir, 'internal-secret');
  if (!existsSync(priv) || !existsSync(pub)) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  if (!existsSync(secretFile))
    writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return {
    privateKeyFile: priv,
    publicKeyFile: pub,
    internalSecret: readFileSync(secretFile, 'utf8').trim(),
  };
}
