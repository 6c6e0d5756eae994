/**
 * Test harness: comms on the kit's starter (a fresh database, the cast signed in, the venues'
 * settings delivered as admin's events) with what is comms' own: its cast and its tokens by
 * role, a controllable clock and mail transport, a real SMTP peer (smtp-server, read back with
 * mailparser) and booking events as bookings publishes them. Not a test file.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DomainEvent } from '@venue/contracts';
import {
  accessToken,
  makePrincipal,
  startServiceHarness,
  namedCast,
  testEvent,
  type ServiceHarness,
  type TestServiceOverrides,
} from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from '../app.ts';
import type { CommsDeps } from '../deps.ts';
import { smtpTransport, type SmtpTimeouts } from '../mail/transport.ts';

const { ids, cast } = namedCast('venues', {
  owners: ['OWNER', 'OTHER'],
  staff: { SUB: ['comms'], SUB_BOOKINGS: ['bookings'] },
  superAdmins: ['SUPER'],
});
export const { OWNER, OTHER, SUB, SUB_BOOKINGS, SUPER } = ids;
export const HALL = '1a000000-0000-4000-8000-00000000000a';

export const SENDERS: Record<string, { businessName: string; businessEmail: string }> = {
  [OWNER]: { businessName: 'Harbourside Hall', businessEmail: 'hello@harbourside.example' },
  [OTHER]: { businessName: 'Hilltop Centre', businessEmail: 'office@hilltop.example' },
};

/** A clock the test moves: 2026-03-10 10:00 in Sydney (a weekday morning) unless set. */
export class Clock {
  at = new Date('2026-03-09T23:00:00.000Z');
  now = () => new Date(this.at);
  advance(ms: number) {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export type { Reply } from '@venue/service-kit/testing';

export interface Comms extends ServiceHarness {
  deps: CommsDeps;
  clock: Clock;
  tokens: Record<'owner' | 'other' | 'sub' | 'subBookings' | 'super', string>;
  /** A hall owner's token for another venue (e.g. the money harness's), known from now on. */
  ownerToken(tenantId: string): Promise<string>;
  /** Points the worker at an SMTP server (the production transport; shorter timeouts for a test). */
  useSmtp(port: number, timeouts?: Partial<SmtpTimeouts>): void;
}

export async function startComms(
  over: Partial<CommsDeps> = {},
  overrides: TestServiceOverrides = {},
): Promise<Comms> {
  const clock = new Clock();
  let transport = smtpTransport({ host: '127.0.0.1', port: 1, secure: false, ignoreTLS: true });
  const deps = defaultDeps({
    now: clock.now,
    backoffMs: () => 0,
    idlePollMs: 50,
    fetchSender: async (tenantId) => SENDERS[tenantId] ?? null,
    // money's answer for a booking with an open invoice (paylinks.test.ts in money tests the link)
    fetchPayLink: async (_tenantId, bookingId) => ({
      url: `https://pay.example/pay/link-of-${bookingId}`,
      balanceCents: 25_056,
      invoiceNumber: 'INV-2026-00007',
    }),
    ...over,
  });
  deps.mailer = {
    ...deps.mailer,
    transport: () => transport,
    mailFrom: 'mail@venuedesk.test',
    capturing: true,
  };
  const h = await startServiceHarness(createCommsService(deps), {
    ...overrides,
    cast,
    // The two venues of SENDERS, as admin published them; the other venue keeps Perth's time.
    settings: { [OWNER]: {}, [OTHER]: { timezone: 'Australia/Perth' } },
  });
  return {
    ...h,
    deps,
    clock,
    tokens: {
      owner: h.token[OWNER]!,
      other: h.token[OTHER]!,
      sub: h.token[SUB]!,
      subBookings: h.token[SUB_BOOKINGS]!,
      super: h.token[SUPER]!,
    },
    async ownerToken(tenantId) {
      if (!cast.directory.has(tenantId)) cast.directory.set(tenantId, makePrincipal({ userId: tenantId }));
      return accessToken(h.keys, cast.directory.get(tenantId)!);
    },
    useSmtp(port, timeouts) {
      // the pooled connections to the previous peer close (a peer's close waits for them)
      transport.close();
      transport = smtpTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }, timeouts);
    },
    close: async () => {
      transport.close();
      await h.close();
    },
  };
}

/** Comms' peers and mail settings come from the environment: set for a stretch, then put back (decision 70). */
export { setEnv } from '@venue/service-kit/testing';

let seq = 0;
/** A booking as bookings publishes it (its API shape, the part comms reads). */
export function booking(over: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    id: randomUUID(),
    hallOwnerId: OWNER,
    bookingCode: `HH-2026-${String(seq).padStart(4, '0')}`,
    customerId: 'CUST-ADA',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    eventType: 'Wedding',
    guestCount: 80,
    bookingDate: '2026-03-20',
    startTime: '18:00',
    endTime: '23:00',
    resourceId: HALL,
    resourceName: 'Main Hall',
    status: 'pending',
    calculatedPriceCents: 123450,
    startsAt: '2026-03-20T18:00:00.000+11:00',
    endsAt: '2026-03-20T23:00:00.000+11:00',
    setupBufferMinutes: 15,
    packdownBufferMinutes: 15,
    holdExpiresAt: null,
    cancellationReason: null,
    changeRequest: null,
    updatedAt: new Date(Date.UTC(2026, 2, 1, 0, 0, seq)).toISOString(),
    ...over,
  };
}

export function bookingEvent(
  type: 'booking.created' | 'booking.updated' | 'booking.status_changed',
  data: Record<string, unknown>,
): DomainEvent {
  return { ...testEvent(type, 'bookings', String(data.hallOwnerId), data), version: 1 };
}

export interface Received {
  raw: Buffer;
  mail: ParsedMail;
  to: string[];
}

export interface PeerOptions {
  /** SMTP answer to RCPT TO per address (e.g. 550 for a mailbox that does not exist). */
  rejectRcpt?: Record<string, { code: number; message: string }>;
  /** Called once a message's data has arrived, before the answer; may stall or throw to refuse. */
  onMessage?: (index: number, to: string[]) => Promise<void> | void;
}

/** A real SMTP server for the tests, keeping every message it accepted. */
export async function startPeer(opts: PeerOptions = {}, port = 0) {
  const received: Received[] = [];
  let index = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 30 * 1024 * 1024,
    // closing the peer ends the sender's idle pooled connections at once, not after 30 s
    closeTimeout: 100,
    onRcptTo(address, _session, cb) {
      const r = opts.rejectRcpt?.[address.address.toLowerCase()];
      if (r) cb(Object.assign(new Error(r.message), { responseCode: r.code }));
      else cb();
    },
    onData(stream, session, cb) {
      const i = index++;
      const chunks: Buffer[] = [];
      let failed = false;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', () => (failed = true));
      stream.on('end', async () => {
        try {
          await opts.onMessage?.(
            i,
            session.envelope.rcptTo.map((r) => r.address),
          );
          if (failed) return;
          const raw = Buffer.concat(chunks);
          received.push({
            raw,
            mail: await simpleParser(raw),
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          cb();
        } catch (err) {
          cb(err as Error);
        }
      });
    },
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', () => ok()));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
