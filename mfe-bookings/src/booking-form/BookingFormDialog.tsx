/**
 * New Booking and Edit Booking (spec 02 §5): a react-hook-form whose resolver runs the shared
 * rules and the contract's own body schema (draft.ts); the fields, the quote and the save live
 * beside it in this folder.
 */
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { Controller, FormProvider } from 'react-hook-form';
import { DialogActions } from '@venue/ui';
import type { Booking } from '../api/types.ts';
import { AddOnsField } from './AddOnsField.tsx';
import { ConflictList } from './ConflictList.tsx';
import { CustomerFields, DateTimeFields, EventFields, PricingFields } from './BookingFields.tsx';
import { ConfirmDeposit, PriceEstimate, overrideCents } from './BookingQuote.tsx';
import type { BookingPrefill } from './draft.ts';
import { useBookingForm } from './useBookingForm.ts';

export type { BookingPrefill };

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Edit mode when given: the form is prefilled from it and saves with PUT. */
  booking?: Booking | null;
  prefill?: BookingPrefill | null;
  onSaved?: (booking: Booking | null) => void;
}

export function BookingFormDialog({ opened, onClose, booking, prefill, onSaved }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={booking ? 'Edit Booking' : 'New Booking'} size="lg">
      {opened ? (
        <BookingForm booking={booking} prefill={prefill} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function BookingForm({ booking, prefill, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { form, watched, checks, saving, repeating, confirming, ...f } = useBookingForm({
    booking,
    prefill,
    onClose,
    onSaved,
  });
  // Repeating, each date's clashes are listed with it (RecurrenceFields) instead.
  const slotCheck = checks.ready && !repeating ? checks.check.data : undefined;
  const conflicts = saving.serverConflicts?.conflicts ?? slotCheck?.conflicts ?? [];
  const blockouts = saving.serverConflicts?.blockouts ?? slotCheck?.blockouts ?? [];
  const quote = checks.ready ? checks.check.data?.quote : null;
  const override = overrideCents(watched.estimatedPrice);
  const priceCents = override !== null && Number.isFinite(override) ? override : quote?.calculatedPriceCents;
  const seriesCount = checks.seriesDates.length;

  return (
    <FormProvider {...form}>
      <form
        ref={f.formRef}
        onSubmit={f.onSubmit}
        noValidate
        aria-label={booking ? 'Edit booking' : 'New booking'}
      >
        <Stack gap="md">
          <CustomerFields />
          <EventFields resources={f.resources} resource={f.resource} />
          <DateTimeFields
            editing={Boolean(booking)}
            checks={checks}
            excludedDates={f.excludedDates}
            onExcludedChange={f.setExcludedDates}
          />
          <PricingFields />
          {confirming ? <ConfirmDeposit venue={f.venueDeposit} priceCents={priceCents} /> : null}
          <Controller
            control={form.control}
            name="addOns"
            render={({ field }) => (
              <AddOnsField
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  f.setAddOnsChanged(true);
                }}
                quoted={quote?.addOns}
              />
            )}
          />
          <PriceEstimate checks={checks} repeating={repeating} estimatedPrice={watched.estimatedPrice} />
          <ConflictList conflicts={conflicts} blockouts={blockouts} />

          {saving.success ? (
            <Alert color="green" role="status">
              {saving.success}
            </Alert>
          ) : null}
          <DialogActions error={saving.error} errorTitle="Cannot save booking" onCancel={onClose}>
            <Button type="submit" loading={saving.sending} disabled={saving.saved}>
              {booking
                ? 'Update Booking'
                : repeating
                  ? `Create ${seriesCount} Booking${seriesCount === 1 ? '' : 's'}`
                  : 'Create Booking'}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FormProvider>
  );
}
