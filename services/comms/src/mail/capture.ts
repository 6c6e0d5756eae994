/**
 * The embedded mail server (issue 12 item 4): with no SMTP_URL (as on `npm start`) comms sends
 * to this small SMTP server inside itself, which keeps every message in `captured_mail` for the
 * operator's Mail preview, exactly as a customer's mail program would receive it. It listens on
 * loopback only, on COMMS_SMTP_PORT (default: any free port, since only comms itself sends to it).
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import { isUuid, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { TENANT_HEADER } from './message-id.ts';

/** Bigger than anything comms sends (10 MB of attachments, base64-encoded, plus the body). */
const MAX_MESSAGE_BYTES = 20 * 1024 * 1024;
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join(', ');

/** Parses one received message and keeps it once per Message-ID. */
export async function storeCaptured(kit: ServiceKit, raw: Buffer): Promise<void> {
  const mail = await simpleParser(raw);
  const header = mail.headers.get(TENANT_HEADER.toLowerCase());
  const tenantId = typeof header === 'string' && isUuid(header.trim()) ? header.trim() : NO_TENANT;
  const attachments = mail.attachments.map((a) => ({
    filename: a.filename ?? 'attachment',
    contentType: a.contentType,
    size: a.size,
  }));
  await kit.db.tenantTx(tenantId, (tx) =>
    db(tx)
      .insertInto('captured_mail')
      .values({
        tenant_id: tenantId,
        message_id: mail.messageId ?? `<missing-${Date.now()}@venuedesk>`,
        from_addr: addresses(mail.from),
        reply_to: addresses(mail.replyTo) || null,
        to_addr: addresses(mail.to),
        subject: mail.subject ?? '',
        html: typeof mail.html === 'string' ? mail.html : null,
        text_body: mail.text ?? null,
        attachments: JSON.stringify(attachments),
        raw,
        size: raw.length,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'message_id']).doNothing())
      .execute(),
  );
}

export interface CaptureServer {
  port: number;
  close(): Promise<void>;
}

export async function startCaptureServer(kit: ServiceKit, port = 0): Promise<CaptureServer> {
  const server = new SMTPServer({
    // Loopback only and nothing to protect in transit: no TLS, no log-in.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'VenueDesk mail preview',
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        // Accepted only once stored: a message the preview does not have was not delivered.
        storeCaptured(kit, Buffer.concat(chunks)).then(
          () => callback(),
          (err: unknown) => {
            kit.log.error({ err }, 'mail preview could not store a message');
            callback(Object.assign(new Error('Could not store the message'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
  server.on('error', (err) => kit.log.error({ err }, 'mail preview server error'));
  return { port: bound, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
