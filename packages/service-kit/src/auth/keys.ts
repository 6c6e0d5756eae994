import { loadPublicKey } from './tokens.ts';

/**
 * `load` run once for the key the environment variables `vars` name, and again only when they
 * change (as in tests, which make fresh keys); a failed load is forgotten, so the next call tries
 * again. The gateway's and services' verification key here, admin's signing key likewise.
 */
export function keyFromEnv<K>(vars: readonly string[], load: () => Promise<K>): () => Promise<K> {
  let cached: { source: string; key: Promise<K> } | undefined;
  return () => {
    const source = vars.map((name) => process.env[name] ?? '').join('|');
    if (!cached || cached.source !== source) {
      const key = load();
      cached = { source, key };
      key.catch(() => {
        if (cached?.key === key) cached = undefined;
      });
    }
    return cached.key;
  };
}

/** The verification key. */
export const publicKey = keyFromEnv(['AUTH_PUBLIC_KEY', 'AUTH_PUBLIC_KEY_FILE'], loadPublicKey);
