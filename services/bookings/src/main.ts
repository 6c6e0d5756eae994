import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { createBookingsService } from './app.ts';

const defaultPort = SERVICES.find((s) => s.name === 'bookings')?.defaultPort;
const service = await createService(createBookingsService());
await service.listen(Number(process.env.PORT ?? defaultPort));
