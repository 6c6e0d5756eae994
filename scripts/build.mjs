// `npm run build`: builds the shell and the five remotes (only what changed; --force for all).
import { ensureInstalled, reexecUnderNode24 } from './lib/node24.mjs';

ensureInstalled();
reexecUnderNode24(import.meta.filename);
const { buildFrontends } = await import('./lib/frontends.mjs');
await buildFrontends({ force: process.argv.includes('--force') });
