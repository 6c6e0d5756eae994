import { loadPublicKey } from './tokens.ts';

type PublicKey = Awaited<ReturnType<typeof loadPublicKey>>;

let cached: { source: string; key: Promise<PublicKey> } | undefined;

/** The verification key, imported once (again only if the configured key changes, as in tests). */
export function publicKey(): Promise<PublicKey> {
  const source = `${process.env.AUTH_PUBLIC_KEY ?? ''}|${process.env.AUTH_PUBLIC_KEY_FILE ?? ''}`;
  if (!cached || cached.source !== source) {
    const key = loadPublicKey();
    cached = { source, key };
    key.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
  }
  return cached.key;
}
