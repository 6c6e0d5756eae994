/**
 * The demo venues as the demo history tests set them up on real services (demo-seed.test.ts,
 * money's demo-month.test.ts): the halls `npm start` creates (demo-seed.mjs HALLS) with fresh
 * ids and their hire rates, Harbourside Hall's Payment settings as admin's demo seed writes them,
 * each hall made known as the catalogue's `resource.created`, and the services' URLs pointed
 * nowhere while a test runs. Test support, not a test file.
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { setEnv, settingsChangedEvent, type TestService } from '@venue/service-kit/testing';
// @ts-expect-error plain JavaScript module of the launcher
import { HALLS } from './demo-seed.mjs';

export const DEMO_ZONE = 'Australia/Sydney';
/** A port nothing listens on: where the services a test does not run are said to be. */
export const DEAD_URL = 'http://127.0.0.1:9';
const SERVICE_NAMES = ['admin', 'catalogue', 'bookings', 'money', 'comms', 'insights', 'gateway'];

/** Harbourside Hall's Payment settings (admin's demo seed: a made-up ABN that passes the checksum). */
export const DEMO_PAYMENT = {
  businessName: 'Harbourside Hall Pty Ltd',
  businessABN: '12345679016',
  businessAddress: '12 Wharf Road, Sydney NSW 2000',
  businessPhone: '02 9555 0142',
  businessEmail: 'accounts@harbourside.example',
  bankName: 'Demo Bank',
  accountName: 'Harbourside Hall Pty Ltd',
  bsb: '062-000',
  accountNumber: '10203040',
  referenceNote: 'Please quote the invoice number.',
  defaultDueDays: 14,
  paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: true },
};

export interface DemoResource {
  id: string;
  name: string;
  type: string;
  capacity: number;
  rate: { rateType: string; weekdayRateCents: number; weekendRateCents: number };
}

interface Hall {
  resource: { name: string; type: string; capacity: number };
  pricing: DemoResource['rate'];
}

/** The halls of demo venue `key` as the history plan takes them, each with a fresh id. */
export function demoResources(key: 'owner' | 'owner2'): DemoResource[] {
  return (HALLS[key] as Hall[]).map(({ resource, pricing }) => ({
    id: randomUUID(),
    name: resource.name,
    type: resource.type,
    capacity: resource.capacity,
    rate: {
      rateType: pricing.rateType,
      weekdayRateCents: pricing.weekdayRateCents,
      weekendRateCents: pricing.weekendRateCents,
    },
  }));
}

/**
 * Makes the venue known as the product would before its history: admin's settings (with the
 * Payment settings) to `settingsTo`, then each hall as the catalogue's `resource.created` to
 * `resourcesTo`, delivered as the relay would.
 */
export async function introduceVenue(
  tenantId: string,
  resources: readonly DemoResource[],
  to: { settings: readonly TestService[]; resources: readonly TestService[] },
  now = new Date(),
): Promise<void> {
  const settings = settingsChangedEvent(tenantId, 1, { payment: DEMO_PAYMENT } as never);
  for (const s of to.settings) await s.kit.handleEvent(settings);
  for (const r of resources) {
    const event: DomainEvent = {
      id: randomUUID(),
      type: 'resource.created',
      source: 'catalogue',
      tenantId,
      occurredAt: now.toISOString(),
      data: {
        id: r.id,
        tenantId,
        name: r.name,
        capacity: r.capacity,
        status: 'active',
        setupBufferMinutes: 15,
        packdownBufferMinutes: 15,
        applyBuffers: true,
        type: r.type,
      },
    };
    for (const s of to.resources) await s.kit.handleEvent(event);
  }
}

/**
 * Points every service's `<NAME>_URL` at DEAD_URL and turns the demo seed off (SEED_DEMO), so
 * nothing a test publishes reaches a product running on the default ports and no service seeds
 * itself; answers the function that puts the environment back.
 */
export function isolateServices(): () => void {
  return setEnv({
    ...Object.fromEntries(SERVICE_NAMES.map((n) => [`${n.toUpperCase()}_URL`, DEAD_URL])),
    SEED_DEMO: undefined,
  });
}
