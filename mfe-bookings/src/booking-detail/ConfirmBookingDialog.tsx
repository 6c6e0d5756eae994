import { DialogActions } from '@venue/ui';
import { useState } from 'react';
import { Alert, Button, Loader, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { unwrapBooking, useBookingActions, useConfirmPreview, useVenueDeposit } from '../api/hooks.ts';
import { paymentCents, type Booking, type TaxType } from '../api/types.ts';
import {
  NO_DEPOSIT_START,
  previewConfirm,
  type ConfirmInputs,
  type DepositStart,
} from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { DepositFields, depositNote } from '../shared/DepositFields.tsx';

interface Props {
  booking: Booking | null;
  onClose: () => void;
  onDone?: (booking: Booking | null) => void;
}

export function ConfirmBookingDialog({ booking, onClose, onDone }: Props) {
  return (
    <Modal opened={Boolean(booking)} onClose={onClose} title="Confirm Booking" size="md">
      {booking ? <ConfirmForm key={booking.id} booking={booking} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function ConfirmForm({
  booking,
  onClose,
  onDone,
}: {
  booking: Booking;
  onClose: () => void;
  onDone?: Props['onDone'];
}) {
  const inputs = useConfirmPreview(booking.id);
  const deposit = useVenueDeposit();
  if (inputs.isPending || deposit.isPending) return <Loader size="sm" aria-label="Computing the amounts" />;
  // Only a preview never had fails the dialog: once the choices are shown, nothing asked again
  // in the background may replace them (or the success that follows) with an error.
  if (!inputs.data) {
    return (
      <Stack gap="md">
        <Alert color="red" title="The amounts could not be computed">
          {errorText(inputs.error)}
        </Alert>
        <DialogActions error={null} onCancel={onClose}>
          <Button onClick={() => void inputs.refetch()}>Try again</Button>
        </DialogActions>
      </Stack>
    );
  }
  return (
    <ConfirmChoices
      booking={booking}
      inputs={inputs.data}
      start={deposit.data ?? NO_DEPOSIT_START}
      startUnknown={deposit.isError}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/**
 * The choices and the amounts they give. The preview is the shared money module over the
 * server's inputs (price, the tenant's tax terms), and the body sent is the deposit as the
 * preview read it, so the server stores exactly the previewed figures. The deposit starts from
 * the venue's setting (Settings → Payments). Once confirmed, the dialog closes and says so with
 * the booking's code and the amounts the server stored.
 */
function ConfirmChoices({
  booking,
  inputs,
  start,
  startUnknown,
  onClose,
  onDone,
}: {
  booking: Booking;
  inputs: ConfirmInputs;
  start: DepositStart;
  /** The venue's deposit setting could not be read: the choice starts at None and says so. */
  startUnknown: boolean;
  onClose: () => void;
  onDone?: Props['onDone'];
}) {
  const fmt = useFormat();
  const { confirm } = useBookingActions();
  const [taxType, setTaxType] = useState<TaxType>(inputs.terms.taxType);
  const [deposit, setDeposit] = useState<DepositStart>(start);
  const [error, setError] = useState<string | null>(null);
  const preview = previewConfirm(inputs, { taxType, ...deposit });

  async function submit() {
    if (!preview.ok) return;
    setError(null);
    let updated: Booking | null;
    try {
      updated = unwrapBooking(await confirm.mutateAsync({ id: booking.id, payment: preview.payment }));
    } catch (err) {
      setError(errorText(err));
      toastError('Error Confirming Booking', errorText(err));
      return;
    }
    const stored = updated ? storedFigures(updated) : null;
    toastSuccess(
      'Booking Confirmed!',
      `${updated?.bookingCode || booking.bookingCode} — ${booking.customerName}` +
        (stored
          ? `. Deposit ${fmt.money(stored.depositCents)}, balance due ${fmt.money(stored.finalDueCents)}.`
          : ''),
    );
    onDone?.(updated);
    onClose();
  }

  const shown = preview.ok ? preview.figures : null;
  const rows: [string, number][] = shown
    ? [
        ['Total', shown.totalCents],
        ['GST', shown.gstCents],
        ['Deposit', shown.depositCents],
        ['Balance due', shown.finalDueCents],
      ]
    : [];
  const rate = `${inputs.terms.rateBp / 100} %`;

  return (
    <Stack gap="md">
      <Text size="sm">
        {booking.customerName} · {booking.resourceName} · {fmt.slot(booking)}
      </Text>
      <div>
        <Text size="sm" fw={500} id="tax-type-label">
          Tax type
        </Text>
        <SegmentedControl
          aria-labelledby="tax-type-label"
          value={taxType}
          onChange={(v) => setTaxType(v as TaxType)}
          data={[
            { value: 'inclusive', label: 'GST inclusive' },
            { value: 'exclusive', label: 'GST exclusive' },
          ]}
        />
        <Text size="xs" c="dimmed">
          The price of {fmt.money(inputs.priceCents)}{' '}
          {taxType === 'inclusive' ? `includes GST at ${rate}` : `has GST at ${rate} added`}
          {taxType === inputs.terms.taxType ? ' (this venue’s setting).' : ' (not this venue’s setting).'}
        </Text>
      </div>
      <DepositFields
        value={deposit}
        onChange={setDeposit}
        note={depositNote(deposit, start, startUnknown)}
        error={preview.ok ? undefined : preview.message}
      />
      {rows.length ? (
        <Table aria-label="Amounts preview" data-testid="amounts-preview">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td ta="right">{fmt.money(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <DialogActions error={error} onCancel={onClose}>
        <Button onClick={() => void submit()} loading={confirm.isPending} disabled={!preview.ok}>
          Confirm Booking
        </Button>
      </DialogActions>
    </Stack>
  );
}

/** What the server stored: its figures, or (from an older server) the payment details' cents. */
function storedFigures(b: Booking) {
  if (b.money) return b.money;
  const p = b.payment_details;
  if (!p) return null;
  return {
    totalCents: paymentCents(p, 'total'),
    gstCents: paymentCents(p, 'gst'),
    depositCents: paymentCents(p, 'deposit'),
    finalDueCents: paymentCents(p, 'finalDue'),
  };
}
