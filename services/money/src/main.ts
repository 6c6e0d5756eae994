import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { moneyService } from './app.ts';

const defaultPort = SERVICES.find((s) => s.name === 'money')?.defaultPort;
const service = await createService(moneyService);
await service.listen(Number(process.env.PORT ?? defaultPort));
