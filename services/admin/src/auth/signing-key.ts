import { keyFromEnv, loadPrivateKey } from '@venue/service-kit';

/** The Ed25519 key that signs access tokens, loaded on first use. */
export const signingKey = keyFromEnv(['AUTH_PRIVATE_KEY', 'AUTH_PRIVATE_KEY_FILE'], loadPrivateKey);
