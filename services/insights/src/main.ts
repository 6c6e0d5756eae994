import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { insightsService } from './app.ts';

const defaultPort = SERVICES.find((s) => s.name === 'insights')?.defaultPort;
const service = await createService(insightsService);
await service.listen(Number(process.env.PORT ?? defaultPort));
