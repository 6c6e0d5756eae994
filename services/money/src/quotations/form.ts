/** The quotation form's columns, which create and edit share. */
import type { quotationInputSchema } from '@venue/contracts/money-api';
import type { z } from 'zod';
import type { MoneySettings } from '../shared/settings.ts';
import type { QuotedResource } from './peers.ts';
import { quotationDeposit } from './quotation-row.ts';

export type QuotationInput = z.output<typeof quotationInputSchema>;

/** The form's columns (create and edit share them); the resource as the catalogue names it. */
export function formValues(v: QuotationInput, s: MoneySettings, resource: QuotedResource) {
  return {
    customer_name: v.customerName,
    customer_email: v.customerEmail,
    customer_phone: v.customerPhone,
    event_type: v.eventType,
    resource: resource.id,
    resource_name: resource.name,
    event_date: v.eventDate,
    start_time: v.startTime,
    end_time: v.endTime,
    guest_count: v.guestCount ?? null,
    total_cents: v.totalCents,
    tax_type: v.taxType,
    tax_rate_bp: s.rateBp,
    deposit_type: v.depositType,
    deposit_value: v.depositValue,
    deposit_cents: quotationDeposit(v.depositType, v.depositValue, v.totalCents),
    deposit_paid: v.payment_details?.deposit_paid ?? false,
    notes: v.notes ?? '',
  };
}
