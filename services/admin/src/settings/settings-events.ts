/**
 * `tenant.settings_changed`: admin owns a tenant's settings; bookings and catalogue keep a copy
 * of the figures they need on their request path (decision 9), fed by this event. It carries
 * the whole snapshot, published in the transaction of the write that changed it.
 */
import {
  TENANT_SETTINGS_CHANGED,
  tenantSettingsSnapshotSchema,
  type TenantSettingsSnapshot,
} from '@venue/contracts';
import { kyselyOf, type ServiceKit, type Tx } from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { readOnlineBookings } from '../online/online-store.ts';
import { readSettings } from './settings-store.ts';
import { readSection } from './tenant-settings-store.ts';

/**
 * The snapshot's shape: 2 since it carries the Payment settings (issue 13), 3 since those carry
 * the reminder days (money's reminder ladder, issue 12 item 6), 4 since they carry the venue's
 * Stripe account id (money's "Pay by card", decision 43), 5 since they carry the deposit
 * deadline (money's deposit due dates, issue 24 item 5), 6 since it carries Settings → Online
 * bookings (issue 25, decision 56), 7 since it says whether the venue has a logo (the public
 * page asked for one that was not there). Tenants last published with an older shape are
 * published again at start-up (migration 012).
 */
export const SNAPSHOT_SHAPE = 7;

/** Settings fields (per group) the snapshot carries: a write that changes none of them publishes nothing. */
export const SNAPSHOT_FIELDS = {
  general: ['timezone', 'dateFormat', 'timeFormat', 'currency', 'taxType', 'taxRate', 'country'],
  invoice: ['gstRate', 'defaultDueDays', 'reminderDays', 'depositDeadlineDays'],
  availability: ['holdExpiryHours', 'setupBufferMinutes', 'packdownBufferMinutes'],
  // Payments: what money prints on a tax invoice (issue 13)
  business: ['businessName', 'businessABN', 'businessAddress', 'businessPhone', 'businessEmail'],
  bank_details: ['accountName', 'bankName', 'bsb', 'accountNumber', 'referenceNote'],
  payment_methods: ['stripe', 'bankTransfer', 'cash', 'cheque'],
  // the connected account money's card payments go to (decision 43)
  stripe_account: ['stripeAccountId'],
} as const;

/** True when `changes` (field → {old, new}) of `group` touch the snapshot. */
export function touchesSnapshot(group: string, changes: Record<string, unknown>): boolean {
  const fields = (SNAPSHOT_FIELDS as Record<string, readonly string[]>)[group];
  return !!fields && Object.keys(changes).some((k) => fields.includes(k));
}

async function snapshot(tx: Tx, tenantId: string, version: number, at: Date) {
  const general = await readSettings(tx, tenantId);
  const availability = await readSection(tx, tenantId, 'availability');
  const business = await readSection(tx, tenantId, 'business');
  const bank = await readSection(tx, tenantId, 'bank_details');
  const methods = await readSection(tx, tenantId, 'payment_methods');
  const invoice = await readSection(tx, tenantId, 'invoice');
  const stripe = await readSection(tx, tenantId, 'stripe_account');
  const online = await readOnlineBookings(tx, tenantId);
  // The venue's logo is the owner's picture (the public logo route serves the newest).
  const logo = await kyselyOf<AdminDb>(tx)
    .selectFrom('profile_pictures')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const data: TenantSettingsSnapshot = {
    schemaVersion: 1,
    tenantId,
    version,
    updatedAt: at.toISOString(),
    timezone: general.timezone,
    dateFormat: general.dateFormat,
    timeFormat: general.timeFormat,
    currency: general.currency,
    country: general.country,
    taxType: general.taxType,
    taxRatePercent: general.taxRate,
    // One rate, stored once (tenant-settings-store.ts): the invoice field repeats it for
    // consumers of schema version 1; nothing reads it as a rate of its own any more.
    invoiceGstRatePercent: general.taxRate,
    holdExpiryHours: Number(availability.holdExpiryHours),
    setupBufferMinutes: Number(availability.setupBufferMinutes),
    packdownBufferMinutes: Number(availability.packdownBufferMinutes),
    // Payments, for money's tax invoices (issue 13)
    payment: {
      businessName: String(business.businessName ?? ''),
      businessABN: String(business.businessABN ?? ''),
      businessAddress: String(business.businessAddress ?? ''),
      businessPhone: String(business.businessPhone ?? ''),
      businessEmail: String(business.businessEmail ?? ''),
      bankName: String(bank.bankName ?? ''),
      accountName: String(bank.accountName ?? ''),
      bsb: String(bank.bsb ?? ''),
      accountNumber: String(bank.accountNumber ?? ''),
      referenceNote: String(bank.referenceNote ?? ''),
      defaultDueDays: Number(invoice.defaultDueDays),
      // money's automatic payment reminders go on these days before and after the due date
      ...(Array.isArray(invoice.reminderDays) ? { reminderDays: invoice.reminderDays.map(Number) } : {}),
      // a deposit invoice falls due by this many days before the event (issue 24 item 5)
      depositDeadlineDays: Number(invoice.depositDeadlineDays ?? 14),
      stripeAccountId: String(stripe.stripeAccountId ?? ''),
      paymentMethods: {
        stripe: methods.stripe === true,
        bankTransfer: methods.bankTransfer === true,
        cash: methods.cash === true,
        cheque: methods.cheque === true,
      },
    },
    // Settings → Online bookings, for catalogue's public profile and bookings' requests (decision 56)
    onlineBookings: online,
    logoVersion: logo?.id ?? null,
  };
  // What we send is what consumers validate: a bad stored value fails the write, not them.
  return tenantSettingsSnapshotSchema.parse(data);
}

/**
 * Publishes the tenant's current snapshot with the next version. The version row is bumped
 * first: its row lock makes a concurrent write of the same tenant wait until this one commits,
 * and the snapshot is read after that, so a higher version always carries every earlier change.
 */
export async function publishSettingsSnapshot(tx: Tx, tenantId: string): Promise<TenantSettingsSnapshot> {
  const row = await kyselyOf<AdminDb>(tx)
    .insertInto('settings_published')
    .values({ tenant_id: tenantId, version: 1, shape: SNAPSHOT_SHAPE })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({
        version: eb('settings_published.version', '+', 1),
        published_at: NOW,
        shape: eb.ref('excluded.shape'),
      })),
    )
    .returning(['version', 'published_at'])
    .executeTakeFirstOrThrow();
  const data = await snapshot(tx, tenantId, Number(row.version), new Date(row.published_at));
  await tx.publish(TENANT_SETTINGS_CHANGED, data, { tenantId });
  return data;
}

/**
 * Start-up: a first snapshot for every tenant (hall owner or super admin account, deleted or
 * not: a deleted tenant's bookings are still read) that never had one, so an upgraded database
 * and freshly seeded demo data both reach bookings and catalogue. Idempotent: the version row
 * is only created here when absent, and a replica starting alongside skips the tenants it lost.
 */
export async function publishMissingSnapshots(kit: ServiceKit): Promise<number> {
  const rows = await kit.db.systemTx((tx) =>
    kyselyOf<AdminDb>(tx)
      .selectFrom('users as u')
      .select('u.id')
      .whereRef('u.id', '=', 'u.tenant_id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('settings_published as p')
              .select((p) => p.lit(1).as('one'))
              .whereRef('p.tenant_id', '=', 'u.id'),
          ),
        ),
      )
      .execute(),
  );
  let published = 0;
  for (const { id } of rows) {
    const fresh = await kit.db.tenantTx(id, async (tx) => {
      const claimed = await kyselyOf<AdminDb>(tx)
        .insertInto('settings_published')
        .values({ tenant_id: id, version: 0 })
        .onConflict((oc) => oc.doNothing())
        .returning('tenant_id')
        .executeTakeFirst();
      if (!claimed) return false;
      await publishSettingsSnapshot(tx, id);
      return true;
    });
    if (fresh) published++;
  }
  // Tenants published before the snapshot had its current shape: once more, with the next version.
  const older = await kit.db.systemTx((tx) =>
    kyselyOf<AdminDb>(tx)
      .selectFrom('settings_published')
      .select('tenant_id')
      .where('shape', '<', SNAPSHOT_SHAPE)
      .execute(),
  );
  for (const { tenant_id: id } of older) {
    const again = await kit.db.tenantTx(id, async (tx) => {
      // Locked and checked again: a replica starting alongside may have done it already.
      const still = await kyselyOf<AdminDb>(tx)
        .selectFrom('settings_published')
        .select('shape')
        .where('tenant_id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!still || Number(still.shape) >= SNAPSHOT_SHAPE) return false;
      await publishSettingsSnapshot(tx, id);
      return true;
    });
    if (again) published++;
  }
  if (published > 0) kit.log.info({ tenants: published }, 'published first settings snapshots');
  return published;
}
