import { DialogActions } from '@venue/ui';
import { useState } from 'react';
import { Alert, Button, Loader, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { unwrapBooking, useBookingActions, useConfirmPreview } from '../api/hooks.ts';
import { paymentCents, type Booking, type DepositType, type TaxType } from '../api/types.ts';
import { previewConfirm, sanitiseDepositInput, type ConfirmInputs } from '../lib/deposit.ts';
import { useFormat } from '../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';

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
  if (inputs.isPending) return <Loader size="sm" aria-label="Computing the amounts" />;
  if (inputs.isError || !inputs.data) {
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
  return <ConfirmChoices booking={booking} inputs={inputs.data} onClose={onClose} onDone={onDone} />;
}

/**
 * The choices and the amounts they give. The preview is the shared money module over the
 * server's inputs (price, the tenant's tax terms), and the body sent is the deposit as the
 * preview read it, so the server stores exactly the previewed figures; after confirming the
 * table shows what it stored.
 */
function ConfirmChoices({
  booking,
  inputs,
  onClose,
  onDone,
}: {
  booking: Booking;
  inputs: ConfirmInputs;
  onClose: () => void;
  onDone?: Props['onDone'];
}) {
  const fmt = useFormat();
  const { confirm } = useBookingActions();
  const [taxType, setTaxType] = useState<TaxType>(inputs.terms.taxType);
  const [depositType, setDepositType] = useState<DepositType>('None');
  const [depositValue, setDepositValue] = useState('');
  const [done, setDone] = useState(false);
  const [saved, setSaved] = useState<Booking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = previewConfirm(inputs, { taxType, depositType, depositValue });

  async function submit() {
    if (!preview.ok) return;
    setError(null);
    try {
      const res = await confirm.mutateAsync({ id: booking.id, payment: preview.payment });
      const updated = unwrapBooking(res);
      setSaved(updated);
      setDone(true);
      toastSuccess('Booking Confirmed!', `${booking.customerName} — ${booking.bookingCode}`);
      onDone?.(updated);
    } catch (err) {
      setError(errorText(err));
      toastError('Error Confirming Booking', errorText(err));
    }
  }

  const shown = done ? (saved ? storedFigures(saved) : null) : preview.ok ? preview.figures : null;
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
      {!done ? (
        <>
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
          <div>
            <Text size="sm" fw={500} id="deposit-type-label">
              Deposit
            </Text>
            <SegmentedControl
              aria-labelledby="deposit-type-label"
              value={depositType}
              onChange={(v) => setDepositType(v as DepositType)}
              data={['None', 'Fixed', 'Percentage']}
            />
          </div>
          {depositType !== 'None' ? (
            <TextInput
              label={depositType === 'Percentage' ? 'Deposit percentage' : 'Deposit amount'}
              description={
                depositType === 'Percentage'
                  ? 'A whole number from 0 to 100 % of the total incl. GST'
                  : 'Rounded to cents, at most the total'
              }
              inputMode="decimal"
              value={depositValue}
              error={preview.ok ? undefined : preview.message}
              onChange={(e) => setDepositValue(sanitiseDepositInput(e.currentTarget.value))}
            />
          ) : null}
        </>
      ) : (
        <Alert color="green" role="status" title="Booking confirmed">
          These amounts were computed and stored by the server.
        </Alert>
      )}
      {rows.length ? (
        <Table
          aria-label={done ? 'Confirmed amounts' : 'Amounts preview'}
          data-testid={done ? 'confirmed-amounts' : 'amounts-preview'}
        >
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
      <DialogActions error={error} onCancel={done ? undefined : onClose}>
        {done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <Button onClick={() => void submit()} loading={confirm.isPending} disabled={!preview.ok}>
            Confirm Booking
          </Button>
        )}
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
