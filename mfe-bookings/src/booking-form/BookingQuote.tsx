/** What the booking dialog works out as it is filled in: the deposit of a confirmation, and the price and clashes. */
import { Stack, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { depositFromInput, percentToBasisPoints, taxTypeOf } from '@venue/contracts';
import { useSession } from '@venue/ui';

import { NO_DEPOSIT_START, previewConfirm, type DepositStart } from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { DepositFields, depositNote } from '../shared/DepositFields.tsx';
import type { BookingDraft } from './draft.ts';
import type { BookingChecks } from './useBookingChecks.ts';

/** The price typed as an override, in cents; null when the box is empty. */
export function overrideCents(estimatedPrice: string): number | null {
  return estimatedPrice.trim() === '' ? null : Math.round(Number(estimatedPrice) * 100);
}

/**
 * The deposit a confirmation here takes, starting from the venue's setting (Settings →
 * Payments) as the confirm dialog's does, and what it comes to by the venue's tax terms for the
 * price typed or quoted.
 */
export function ConfirmDeposit({
  venue,
  priceCents,
}: {
  venue: { data?: DepositStart; isPending: boolean; isError: boolean };
  priceCents: number | undefined;
}) {
  const { settings } = useSession();
  const fmt = useFormat();
  const { control } = useFormContext<BookingDraft>();
  const start = venue.data ?? NO_DEPOSIT_START;
  if (venue.isPending)
    return (
      <div data-testid="confirm-deposit">
        <Text size="sm" c="dimmed">
          Reading the venue’s deposit setting...
        </Text>
      </div>
    );
  const terms = { taxType: taxTypeOf(settings.taxType), rateBp: percentToBasisPoints(settings.taxRate) };
  return (
    <div data-testid="confirm-deposit">
      <Controller
        control={control}
        name="deposit"
        render={({ field, fieldState }) => {
          const deposit = field.value ?? start;
          const choice = depositFromInput(deposit.depositType, deposit.depositValue);
          const preview =
            priceCents !== undefined && priceCents >= 0
              ? previewConfirm({ priceCents, terms }, { taxType: terms.taxType, ...deposit })
              : null;
          return (
            <Stack gap="xs">
              <DepositFields
                value={deposit}
                onChange={field.onChange}
                note={depositNote(deposit, start, venue.isError)}
                error={fieldState.error?.message ?? (choice.ok ? undefined : choice.message)}
              />
              {preview?.ok ? (
                <Text size="sm">
                  Confirmed with a deposit of <strong>{fmt.money(preview.figures.depositCents)}</strong>,
                  balance due {fmt.money(preview.figures.finalDueCents)} of{' '}
                  {fmt.money(preview.figures.totalCents)} (incl. GST).
                </Text>
              ) : null}
            </Stack>
          );
        }}
      />
    </div>
  );
}

/** The availability check's progress, failure and price estimate, said as they change. */
export function PriceEstimate({
  checks,
  repeating,
  estimatedPrice,
}: {
  checks: BookingChecks;
  repeating: boolean;
  estimatedPrice: string;
}) {
  const fmt = useFormat();
  const { ready, check } = checks;
  const quote = ready ? check.data?.quote : null;
  const override = overrideCents(estimatedPrice);
  return (
    <div aria-live="polite" data-testid="price-estimate">
      {check.isFetching && ready ? (
        <Text size="sm" c="dimmed">
          Checking availability...
        </Text>
      ) : null}
      {check.isError && ready ? (
        <Text size="sm" c="red.9">
          Could not check availability: {check.error.message}
        </Text>
      ) : null}
      {ready && check.data?.quoteUnavailable ? (
        <Text size="sm">
          Price estimate unavailable right now; the server prices the booking when it is saved.
        </Text>
      ) : null}
      {quote ? (
        <Text size="sm">
          Price estimate: <strong>{fmt.money(quote.calculatedPriceCents)}</strong> ({quote.durationHours} h
          {quote.isWeekend ? ', weekend rate' : ''}
          {quote.holiday ? `, ${quote.holiday.name} surcharge` : ''}
          {quote.addOns?.length ? ', add-ons included' : ''})
          {repeating ? ' for the first date; each date is priced for its own day' : ''}
          {override !== null ? ` — override ${fmt.money(override || 0)} will be used` : ''}
        </Text>
      ) : null}
    </div>
  );
}
