import { loadPrivateKey } from '@venue/service-kit';

type PrivateKey = Awaited<ReturnType<typeof loadPrivateKey>>;

let cached: { pem: string; key: Promise<PrivateKey> } | undefined;

/**
 * The Ed25519 key that signs access tokens, loaded on first use. Reloaded when the
 * environment points elsewhere (tests generate fresh keys per run).
 */
export function signingKey(): Promise<PrivateKey> {
  const source = `${process.env.AUTH_PRIVATE_KEY ?? ''}|${process.env.AUTH_PRIVATE_KEY_FILE ?? ''}`;
  if (!cached || cached.pem !== source) {
    const key = loadPrivateKey();
    key.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
    cached = { pem: source, key };
  }
  return cached.key;
}
