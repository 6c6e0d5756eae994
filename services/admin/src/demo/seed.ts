import { randomUUID } from 'node:crypto';
import { kyselyOf, type Kysely, type ServiceKit } from '@venue/service-kit';
import { DEFAULT_USER_SETTINGS, type Role } from '@venue/contracts';
import { DEMO_TENANTS } from '@venue/contracts/demo';
import { hashPassword } from '../auth/passwords.ts';
import type { AdminDb } from '../db/schema.ts';
import type { OnlineQuestion } from '@venue/contracts';

/** Shared by every demo account; printed in the README, never used outside demo data. */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_EMAILS = {
  superAdmin: 'admin@demo.local',
  owner: 'owner@demo.local',
  owner2: 'owner2@demo.local',
  staff: 'staff@demo.local',
} as const;

interface DemoAccount {
  id: string;
  tenantId: string;
  email: string;
  role: Role;
  name: string;
  /** Hall name, contact number, address line 1 and 2, postcode, state (hall owners only). */
  hall?: [string, string, string, string | null, string, string];
  parentUserId?: string;
  permissions?: string[];
}

/**
 * Demo accounts for a fresh install: a super admin, two hall owners (two tenants, so
 * isolation is visible) and one sub-user of the first owner. Only into an empty users table,
 * and never when SEED_DEMO=false.
 */
export async function seedDemo(kit: ServiceKit): Promise<void> {
  if (process.env.SEED_DEMO === 'false') return;
  await kit.db.systemTx(async (tx) => {
    const q = kyselyOf<AdminDb>(tx);
    const users = await q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    if (Number(users?.n ?? 0) > 0) return;

    // Fixed ids: the owning services write demo history only for these two tenants (decision 48).
    const ownerId = DEMO_TENANTS.owner;
    const owner2Id = DEMO_TENANTS.owner2;
    await insertAccounts(q, demoAccounts(randomUUID(), ownerId, owner2Id));
    await insertDefaultSettings(q, [ownerId, owner2Id]);
    await insertPaymentDetails(q, demoPaymentDetails(ownerId, owner2Id));
    // Online bookings (issue 25, decision 56): both demo venues take requests on their public
    // page, with a few questions and a hire agreement. The halls are catalogue's, made after this
    // seed through the API (scripts/lib/demo-seed.mjs), which then names them here.
    await insertOnlineBookings(q, DEMO_ONLINE_BOOKINGS(ownerId, owner2Id));
    kit.log.info('seeded demo accounts (password in services/admin/src/demo/seed.ts)');
  });
}

function demoAccounts(adminId: string, ownerId: string, owner2Id: string): DemoAccount[] {
  return [
    {
      id: adminId,
      tenantId: adminId,
      email: DEMO_EMAILS.superAdmin,
      role: 'super_admin',
      name: 'Platform Admin',
    },
    {
      id: ownerId,
      tenantId: ownerId,
      email: DEMO_EMAILS.owner,
      role: 'hall_owner',
      name: 'Olivia Harbour',
      hall: ['Harbourside Hall', '02 9555 0142', '12 Wharf Road', 'Level 1', '2000', 'NSW'],
    },
    {
      id: owner2Id,
      tenantId: owner2Id,
      email: DEMO_EMAILS.owner2,
      role: 'hall_owner',
      name: 'Henry Hill',
      hall: ['Hilltop Community Centre', '02 6555 0199', '4 Ridge Street', null, '2580', 'NSW'],
    },
    {
      id: randomUUID(),
      tenantId: ownerId,
      email: DEMO_EMAILS.staff,
      role: 'sub_user',
      name: 'Sam Staff',
      parentUserId: ownerId,
      permissions: ['dashboard', 'calendar', 'bookings', 'customers'],
    },
  ];
}

async function insertAccounts(q: Kysely<AdminDb>, accounts: DemoAccount[]): Promise<void> {
  for (const a of accounts) {
    const [hallName, contactNumber, line1, line2, postcode, state] = a.hall ?? [];
    await q
      .insertInto('users')
      .values({
        id: a.id,
        tenant_id: a.tenantId,
        email: a.email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        role: a.role,
        name: a.name,
        hall_name: hallName ?? null,
        contact_number: contactNumber ?? null,
        address_line1: line1 ?? null,
        address_line2: line2 ?? null,
        postcode: postcode ?? null,
        state: state ?? null,
        parent_user_id: a.parentUserId ?? null,
        permissions: a.permissions ?? [],
      })
      .execute();
  }
}

async function insertDefaultSettings(q: Kysely<AdminDb>, tenantIds: string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const s = DEFAULT_USER_SETTINGS;
    await q
      .insertInto('user_settings')
      .values({
        tenant_id: tenantId,
        timezone: s.timezone,
        date_format: s.dateFormat,
        time_format: s.timeFormat,
        currency: s.currency,
        tax_type: s.taxType,
        tax_rate: s.taxRate,
        country: s.country,
      })
      .execute();
  }
}

type PaymentDetails = [tenantId: string, business: Record<string, unknown>, bank: Record<string, unknown>];

/**
 * Business and bank details, so the demo venues can issue tax invoices (money, issue 13):
 * made-up ABNs that pass the ATO checksum.
 */
function demoPaymentDetails(ownerId: string, owner2Id: string): PaymentDetails[] {
  return [
    [
      ownerId,
      {
        businessName: 'Harbourside Hall Pty Ltd',
        businessAddress: '12 Wharf Road, Sydney NSW 2000',
        businessABN: '12345679016',
        businessPhone: '02 9555 0142',
        businessEmail: 'accounts@harbourside.example',
      },
      {
        accountName: 'Harbourside Hall Pty Ltd',
        bankName: 'Demo Bank',
        bsb: '062-000',
        accountNumber: '10203040',
        referenceNote: 'Please quote the invoice number as the payment reference.',
      },
    ],
    [
      owner2Id,
      {
        businessName: 'Hilltop Community Centre Inc.',
        businessAddress: '4 Ridge Street, Goulburn NSW 2580',
        businessABN: '98765432122',
        businessPhone: '02 6555 0199',
        businessEmail: 'treasurer@hilltop.example',
      },
      {
        accountName: 'Hilltop Community Centre',
        bankName: 'Demo Bank',
        bsb: '062-001',
        accountNumber: '50607080',
        referenceNote: 'Please quote the invoice number.',
      },
    ],
  ];
}

async function insertPaymentDetails(q: Kysely<AdminDb>, details: PaymentDetails[]): Promise<void> {
  for (const [tenantId, business, bank] of details) {
    await q
      .insertInto('tenant_settings')
      .values([
        { tenant_id: tenantId, section: 'business', value: JSON.stringify(business) },
        { tenant_id: tenantId, section: 'bank_details', value: JSON.stringify(bank) },
      ])
      .execute();
  }
}

async function insertOnlineBookings(
  q: Kysely<AdminDb>,
  venues: ReturnType<typeof DEMO_ONLINE_BOOKINGS>,
): Promise<void> {
  for (const venue of venues) {
    await q
      .insertInto('online_bookings')
      .values({
        tenant_id: venue.tenantId,
        enabled: true,
        slug: venue.slug,
        min_notice_hours: venue.minNoticeHours,
        window_days: venue.windowDays,
        mode: venue.mode,
        verify_email: true,
        questions: JSON.stringify(venue.questions),
        agreement_version: 1,
        agreement_text: venue.agreement,
        cancellation_terms: venue.cancellation,
      })
      .execute();
    await q
      .insertInto('online_agreements')
      .values({
        tenant_id: venue.tenantId,
        version: 1,
        text: venue.agreement,
        cancellation_terms: venue.cancellation,
      })
      .execute();
  }
}

/** The demo venues' public booking pages (their slugs are in the README and the e2e tests). */
export const DEMO_SLUGS = { owner: 'harbourside-hall', owner2: 'hilltop-community-centre' } as const;

function DEMO_ONLINE_BOOKINGS(ownerId: string, owner2Id: string) {
  const questions = (list: OnlineQuestion[]) => list;
  return [
    {
      tenantId: ownerId,
      slug: DEMO_SLUGS.owner,
      minNoticeHours: 24,
      windowDays: 365,
      mode: 'request' as const,
      questions: questions([
        { id: 'outside-catering', label: 'Will you use outside caterers?', kind: 'yesno', required: true },
        {
          id: 'alcohol',
          label: 'Will alcohol be served?',
          kind: 'choice',
          options: ['No', 'Yes, through a licensed bar service', 'Yes, BYO'],
          required: true,
        },
        {
          id: 'setup-needs',
          label: 'Any access or setup needs we should know about?',
          kind: 'text',
          required: false,
        },
      ]),
      agreement:
        'Hire agreement — Harbourside Hall\n\n' +
        '1. The hirer is responsible for the conduct of guests and for leaving the hall clean and tidy.\n' +
        '2. Setup and pack-down happen within the booked times.\n' +
        '3. Music stops at 11 pm; guests leave by 11:30 pm.\n' +
        '4. A public liability certificate of insurance and photo ID are provided before the event.\n' +
        '5. Damage beyond fair wear is charged at cost.',
      cancellation:
        'Cancellations 30 days or more before the event: full refund of the deposit. ' +
        '14 to 29 days: half the deposit is kept. Less than 14 days: the deposit is kept.',
    },
    {
      tenantId: owner2Id,
      slug: DEMO_SLUGS.owner2,
      minNoticeHours: 48,
      windowDays: 180,
      mode: 'hold' as const,
      questions: questions([
        {
          id: 'community-group',
          label: 'Are you a community or not-for-profit group?',
          kind: 'yesno',
          required: true,
        },
        { id: 'kitchen', label: 'Do you need the kitchen?', kind: 'yesno', required: false },
      ]),
      agreement:
        'Conditions of hire — Hilltop Community Centre\n\n' +
        'The hirer leaves the centre as they found it, keeps to the booked rooms and times, ' +
        'and follows the centre’s fire and safety rules. No smoking anywhere on the grounds.',
      cancellation:
        'Cancel at least 7 days before the event for a full refund; later cancellations are charged in full.',
    },
  ];
}
