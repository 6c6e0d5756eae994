/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Comms test fixtures: principals, the service on a fresh database with a controllable clock and
 * mail transport, a real SMTP peer (smtp-server, read back with mailparser), booking events as
 * bookings publishes them, and a small HTTP helper.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DomainEvent } from '@venue/contracts';
import {
  makePrincipal,
  settingsChangedEvent,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { createCommsService, defaultDeps } from './app.ts';
import type { CommsDeps } from './deps.ts';
import { smtpTransport, type SmtpTimeouts } from './mail/transport.ts';

export const OWNER = '0a000000-0000-4000-8000-000000000001';
export const OTHER = '0b000000-0000-4000-8000-000000000002';
export const SUB = '0c000000-0000-4000-8000-000000000003';
export const SUB_BOOKINGS = '0d000000-0000-4000-8000-000000000004';
export const SUPER = '0e000000-0000-4000-8000-000000000005';
export const HALL = '1a000000-0000-4000-8000-00000000000a';

const directory = new Map([
  [OWNER, makePrincipal({ userId: OWNER })],
  [OTHER, makePrincipal({ userId: OTHER })],
  [
    SUB,
    makePrincipal({
      userId: SUB,
      role: 'sub_user',
      tenantId: OWNER,
      parentUserId: OWNER,
      permissions: ['comms'],
    }),
  ],
  [
    SUB_BOOKINGS,
    makePrincipal({
      userId: SUB_BOOKINGS,
      role: 'sub_user',
      tenantId: OWNER,
      parentUserId: OWNER,
      permissions: ['bookings'],
    }),
  ],
  [SUPER, makePrincipal({ userId: SUPER, role: 'super_admin' })],
]);

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

export interface Comms {
  t: TestService;
  deps: CommsDeps;
  clock: Clock;
  tokens: Record<'owner' | 'other' | 'sub' | 'subBookings' | 'super', string>;
  call(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Res>;
  /** A hall owner's token for another venue (e.g. the money harness's), known from now on. */
  ownerToken(tenantId: string): Promise<string>;
  /** Delivers an event to comms as the relay would (inbox: once per id). */
  deliver(event: DomainEvent): Promise<void>;
  /** Points the worker at an SMTP server (the production transport; shorter timeouts for a test). */
  useSmtp(port: number, timeouts?: Partial<SmtpTimeouts>): void;
  close(): Promise<void>;
}

export interface Res {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export async function startComms(
  over: Partial<CommsDeps> = {},
  overrides: Parameters<typeof startTestService>[1] = {},
): Promise<Comms> {
  const keys = await testKeys();
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
  const t = await startTestService(
    { ...createCommsService(deps), resolvePrincipal: async (id) => directory.get(id) ?? null },
    overrides,
  );
  const token = (sub: string) => {
    const p = directory.get(sub)!;
    return keys.token({ sub, role: p.role, tid: p.tenantId, pv: 1 });
  };
  const tokens = {
    owner: await token(OWNER),
    other: await token(OTHER),
    sub: await token(SUB),
    subBookings: await token(SUB_BOOKINGS),
    super: await token(SUPER),
  };
  const comms: Comms = {
    t,
    deps,
    clock,
    tokens,
    async call(method, path, tok, body, headers = {}) {
      const isForm = body instanceof FormData;
      const res = await fetch(`${t.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tok}`,
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
    async ownerToken(tenantId) {
      if (!directory.has(tenantId)) directory.set(tenantId, makePrincipal({ userId: tenantId }));
      return token(tenantId);
    },
    async deliver(event) {
      await t.kit.handleEvent(event);
    },
    useSmtp(port, timeouts) {
      // the pooled connections to the previous peer close (a peer's close waits for them)
      transport.close();
      transport = smtpTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }, timeouts);
    },
    close: async () => {
      transport.close();
      await t.close();
    },
  };
  await comms.deliver(settingsChangedEvent(OWNER, 1));
  await comms.deliver(settingsChangedEvent(OTHER, 1, { timezone: 'Australia/Perth' }));
  return comms;
}

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
  return {
    id: randomUUID(),
    type,
    version: 1,
    source: 'bookings',
    tenantId: String(data.hallOwnerId),
    occurredAt: new Date().toISOString(),
    data,
  };
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
