/**
 * The settings groups (spec 02 §2.x): GET answers the whole group, PUT takes any subset of its
 * fields. Each group is the same pair of handlers made for its section (`sectionOperations`).
 */
import type { z } from 'zod';
import { NOTHING_TO_UPDATE } from '@venue/contracts';
import {
  forbidden,
  operation,
  parseBody,
  requireAuth,
  type AppMiddleware,
  type Operation,
} from '@venue/service-kit';
import { publishSettingsSnapshot, touchesSnapshot } from '../settings-events.ts';
import { SECTIONS, type SectionName } from '../tenant-settings-schemas.ts';
import { readSection, writeSection } from '../tenant-settings-store.ts';

export const OWNER_ONLY_SETTINGS = 'Only the hall owner can change payment settings.';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNER_ONLY_SETTINGS);
  await next();
};

interface Section {
  path: `/${string}`;
  section: SectionName;
  /** Shown in the audit trail as the target. */
  label: string;
  /** Payment-related groups belong to the owner; the rest to anyone with the settings key (the table's access). */
  writers: 'owner' | 'settings';
  /** The spec's answer shapes wrap some groups (`{paymentMethods}`, `{bankDetails}`). */
  wrap?: string;
}

/** The group's GET and PUT. */
function sectionOperations(route: Section): [Operation, Operation] {
  const answer = (value: Record<string, unknown>) => (route.wrap ? { [route.wrap]: value } : value);
  const partial = (SECTIONS[route.section].schema as z.ZodObject).partial();
  // Any subset of the group's fields. Unknown fields are stripped, as everywhere; a body left
  // with none of the group's fields is refused rather than answered as a no-op. The table's
  // schema (the same fields, without that refusal) parses first, then this one: the refusal's
  // 400 is the one the routes always gave.
  const updateSchema = partial.refine((v) => Object.keys(v).length > 0, NOTHING_TO_UPDATE);
  const get = operation(`get ${route.path}`, async ({ ctx, tx }) =>
    answer(await readSection(tx, ctx.state.principal.tenantId, route.section)),
  );
  const put = operation(
    `put ${route.path}`,
    { ...(route.writers === 'owner' ? { guard: [requireAuth, ownerOnly] } : {}) },
    async ({ ctx, tx }) => {
      const update = parseBody(ctx, updateSchema) as Record<string, unknown>;
      const { tenantId, userId } = ctx.state.principal;
      const { value, changes } = await writeSection(tx, tenantId, route.section, update, userId);
      if (touchesSnapshot(route.section, changes)) await publishSettingsSnapshot(tx, tenantId);
      if (Object.keys(changes).length > 0) {
        await tx.audit(ctx, {
          action: 'settings_updated',
          targetType: 'settings',
          target: route.label,
          targetLabel: route.label,
          additionalInfo: `${route.label} updated`,
          changes,
        });
      }
      return answer(value);
    },
  );
  return [get, put];
}

export const [getStripeAccount, putStripeAccount] = sectionOperations({
  path: '/api/users/stripe-account',
  section: 'stripe_account',
  label: 'Stripe account',
  writers: 'owner',
});
export const [getPaymentMethods, putPaymentMethods] = sectionOperations({
  path: '/api/users/payment-methods',
  section: 'payment_methods',
  label: 'Payment methods',
  writers: 'owner',
  wrap: 'paymentMethods',
});
export const [getBankDetails, putBankDetails] = sectionOperations({
  path: '/api/users/bank-details',
  section: 'bank_details',
  label: 'Bank details',
  writers: 'owner',
  wrap: 'bankDetails',
});
export const [getInvoiceSettings, putInvoiceSettings] = sectionOperations({
  path: '/api/tenant-settings/invoice',
  section: 'invoice',
  label: 'Invoice settings',
  writers: 'owner',
});
export const [getBusinessDetails, putBusinessDetails] = sectionOperations({
  path: '/api/tenant-settings/business',
  section: 'business',
  label: 'Business details',
  writers: 'owner',
});
export const [getTerms, putTerms] = sectionOperations({
  path: '/api/tenant-settings/terms',
  section: 'terms',
  label: 'Terms & policies',
  writers: 'owner',
});
export const [getAvailability, putAvailability] = sectionOperations({
  path: '/api/tenant-settings/availability',
  section: 'availability',
  label: 'Availability & buffers',
  writers: 'settings',
});
export const [getPolicies, putPolicies] = sectionOperations({
  path: '/api/tenant-settings/policies',
  section: 'policies',
  label: 'Policies',
  writers: 'settings',
});
export const [getPrivacySettings, putPrivacySettings] = sectionOperations({
  path: '/api/tenant-settings/privacy',
  section: 'privacy',
  label: 'Data & privacy',
  writers: 'settings',
});
