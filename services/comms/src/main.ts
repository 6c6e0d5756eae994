import { SERVICES } from '@venue/contracts';
import { createService } from '@venue/service-kit';
import { createCommsService, defaultDeps } from './app.ts';
import { startCaptureServer } from './mail/capture.ts';
import { smtpTransport } from './mail/transport.ts';

const defaultPort = SERVICES.find((s) => s.name === 'comms')?.defaultPort;
const deps = defaultDeps();
const service = await createService(createCommsService(deps));
if (!process.env.SMTP_URL) {
  // Embedded default: the product's own small mail server receives everything (Mail preview).
  const capture = await startCaptureServer(service.kit, Number(process.env.COMMS_SMTP_PORT ?? 0));
  const transport = smtpTransport({ host: '127.0.0.1', port: capture.port, secure: false, ignoreTLS: true });
  deps.mailer.transport = () => transport;
  service.kit.log.info({ port: capture.port }, 'no SMTP_URL: mail goes to the embedded Mail preview');
}
await service.listen(Number(process.env.PORT ?? defaultPort));
