import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). The library's default
 * algorithm is argon2id; its `Algorithm` is a const enum, which type stripping cannot read.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// The length limits are the shared password rules' own (the admin screens check them too).
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@venue/contracts';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // a malformed stored hash must read as "wrong password", never as a 500
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Sign-in for an unknown e-mail verifies against this hash, so it costs the same time as a
 * wrong password and the response time does not reveal whether the account exists.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}
