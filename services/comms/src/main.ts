import { createService, defaultPort, type StartOptions } from '@venue/service-kit';
import { createCommsService, defaultDeps } from './app.ts';
import { startCaptureServer } from './mail/capture.ts';
import { smtpTransport } from './mail/transport.ts';

/**
 * Alone (`node src/main.ts`, its container) or in the launcher's services host (decision 64).
 * Not the kit's `startService`: without SMTP_URL the mail server has to be up before it listens.
 */
export async function start(options: StartOptions = {}) {
  const deps = defaultDeps();
  const service = await createService(createCommsService(deps));
  if (!process.env.SMTP_URL) {
    // Embedded default: the product's own small mail server receives everything (Mail preview).
    const capture = await startCaptureServer(service.kit, Number(process.env.COMMS_SMTP_PORT ?? 0));
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: capture.port,
      secure: false,
      ignoreTLS: true,
    });
    deps.mailer.transport = () => transport;
    service.kit.log.info({ port: capture.port }, 'no SMTP_URL: mail goes to the embedded Mail preview');
  }
  await service.listen(options.port ?? defaultPort('comms'), options.host, { signals: options.signals });
  return service;
}

if (import.meta.main) await start();
