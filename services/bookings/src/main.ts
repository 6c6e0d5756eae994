import { startService, type StartOptions } from '@venue/service-kit';
import { createBookingsService } from './app.ts';

/** Alone (`node src/main.ts`, its container) or in the launcher's services host (decision 64). */
export const start = (options?: StartOptions) => startService(createBookingsService(), options);

if (import.meta.main) await start();
