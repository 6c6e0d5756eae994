import { createService } from '@venue/service-kit';
import { adminService } from './app.ts';

const service = await createService(adminService);
await service.listen(Number(process.env.PORT ?? 7101));
