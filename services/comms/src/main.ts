import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { commsService } from './app.ts';

const defaultPort = SERVICES.find((s) => s.name === 'comms')?.defaultPort;
const service = await createService(commsService);
await service.listen(Number(process.env.PORT ?? defaultPort));
