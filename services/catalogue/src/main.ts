import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { catalogueService } from './app.ts';

const defaultPort = SERVICES.find((s) => s.name === 'catalogue')?.defaultPort;
const service = await createService(catalogueService);
await service.listen(Number(process.env.PORT ?? defaultPort));
