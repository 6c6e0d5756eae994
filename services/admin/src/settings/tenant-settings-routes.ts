import type { z } from 'zod';
import { NOTHING_TO_UPDATE } from '@venue/contracts';
import {
  forbidden,
  parseBody,
  requireAuth,
  withTx,
  requirePermission,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
} from '@venue/service-kit';
import { publishSettingsSnapshot, touchesSnapshot } from './settings-events.ts';
import { SECTIONS, type SectionName } from './tenant-settings-schemas.ts';
import { readSection, writeSection } from './tenant-settings-store.ts';

export const OWNER_ONLY_SETTINGS = 'Only the hall owner can change payment settings.';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNER_ONLY_SETTINGS);
  await next();
};

interface SectionRoute {
  path: string;
  section: SectionName;
  /** Shown in the audit trail as the target. */
  label: string;
  /** Payment-related groups belong to the owner; the rest to anyone with the settings key. */
  writers: 'owner' | 'settings';
  /** The spec's answer shapes wrap some groups (`{paymentMethods}`, `{bankDetails}`). */
  wrap?: string;
}

const ROUTES: SectionRoute[] = [
  { path: '/api/users/stripe-account', section: 'stripe_account', label: 'Stripe account', writers: 'owner' },
  {
    path: '/api/users/payment-methods',
    section: 'payment_methods',
    label: 'Payment methods',
    writers: 'owner',
    wrap: 'paymentMethods',
  },
  {
    path: '/api/users/bank-details',
    section: 'bank_details',
    label: 'Bank details',
    writers: 'owner',
    wrap: 'bankDetails',
  },
  { path: '/api/tenant-settings/invoice', section: 'invoice', label: 'Invoice settings', writers: 'owner' },
  { path: '/api/tenant-settings/business', section: 'business', label: 'Business details', writers: 'owner' },
  { path: '/api/tenant-settings/terms', section: 'terms', label: 'Terms & policies', writers: 'owner' },
  {
    path: '/api/tenant-settings/availability',
    section: 'availability',
    label: 'Availability & buffers',
    writers: 'settings',
  },
  { path: '/api/tenant-settings/policies', section: 'policies', label: 'Policies', writers: 'settings' },
  { path: '/api/tenant-settings/privacy', section: 'privacy', label: 'Data & privacy', writers: 'settings' },
];

export function tenantSettingsRoutes(router: AppRouter): void {
  for (const route of ROUTES) {
    const answer = (value: Record<string, unknown>) => (route.wrap ? { [route.wrap]: value } : value);
    // Any subset of the group's fields. Unknown fields are stripped, as everywhere; a body
    // left with none of the group's fields is refused rather than answered as a no-op.
    const updateSchema = (SECTIONS[route.section].schema as z.ZodObject)
      .partial()
      .refine((v) => Object.keys(v).length > 0, NOTHING_TO_UPDATE);

    router.get(route.path, requireAuth, withTx, async (ctx: AppContext) => {
      ctx.body = answer(await readSection(ctx.state.tx, ctx.state.principal.tenantId, route.section));
    });

    const guard = route.writers === 'owner' ? ownerOnly : requirePermission('settings');
    router.put(route.path, requireAuth, guard, withTx, async (ctx: AppContext) => {
      const update = parseBody(ctx, updateSchema) as Record<string, unknown>;
      const { tenantId, userId } = ctx.state.principal;
      const { value, changes } = await writeSection(ctx.state.tx, tenantId, route.section, update, userId);
      if (touchesSnapshot(route.section, changes)) await publishSettingsSnapshot(ctx.state.tx, tenantId);
      if (Object.keys(changes).length > 0) {
        await ctx.state.tx.audit(ctx, {
          action: 'settings_updated',
          targetType: 'settings',
          target: route.label,
          targetLabel: route.label,
          additionalInfo: `${route.label} updated`,
          changes,
        });
      }
      ctx.body = answer(value);
    });
  }
}
