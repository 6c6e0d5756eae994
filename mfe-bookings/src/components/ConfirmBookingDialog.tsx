import { useState } from 'react';
import { Alert, Button, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSession } from '@venue/ui';
import { unwrapBooking, useBookingActions } from '../api/hooks.ts';
import {
  paymentCents,
  type Booking,
  type DepositType,
  type PaymentDetails,
  type TaxType,
} from '../api/types.ts';
import { previewConfirm, sanitiseDepositInput } from '../lib/deposit.ts';
import { useFormat } from '../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';
import { DialogActions } from './DialogActions.tsx';

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
  const { settings } = useSession();
  const fmt = useFormat();
  const { confirm } = useBookingActions();
  const [taxType, setTaxType] = useState<TaxType>(
    settings.taxType === 'Exclusive' ? 'exclusive' : 'inclusive',
  );
  const [depositType, setDepositType] = useState<DepositType>('None');
  const [depositValue, setDepositValue] = useState('');
  const [saved, setSaved] = useState<PaymentDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = previewConfirm(
    booking.calculatedPriceCents,
    taxType,
    settings.taxRate,
    depositType,
    depositValue,
  );

  async function submit() {
    setError(null);
    const value = Number.parseFloat(depositValue);
    try {
      const res = await confirm.mutateAsync({
        id: booking.id,
        payment: {
          tax_type: taxType,
          deposit_type: depositType,
          deposit_value: depositType === 'None' || !Number.isFinite(value) ? null : value,
        },
      });
      const updated = unwrapBooking(res);
      setSaved(updated?.payment_details ?? null);
      toastSuccess('Booking Confirmed!', `${booking.customerName} — ${booking.bookingCode}`);
      onDone?.(updated);
    } catch (err) {
      setError(errorText(err));
      toastError('Error Confirming Booking', errorText(err));
    }
  }

  const rows: [string, number][] = saved
    ? [
        ['Total', paymentCents(saved, 'total')],
        ['GST', paymentCents(saved, 'gst')],
        ['Deposit', paymentCents(saved, 'deposit')],
        ['Balance due', paymentCents(saved, 'finalDue')],
      ]
    : [
        ['Total', preview.totalCents],
        ['GST', preview.gstCents],
        ['Deposit', preview.depositCents],
        ['Balance due', preview.finalDueCents],
      ];

  return (
    <Stack gap="md">
      <Text size="sm">
        {booking.customerName} · {booking.resourceName} · {fmt.slot(booking)}
      </Text>
      {!saved ? (
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
                  ? 'Between 0 and 100 % of the total incl. GST'
                  : 'Rounded to cents, at most the total'
              }
              inputMode="decimal"
              value={depositValue}
              onChange={(e) => setDepositValue(sanitiseDepositInput(e.currentTarget.value))}
            />
          ) : null}
        </>
      ) : (
        <Alert color="green" role="status" title="Booking confirmed">
          These amounts were computed and stored by the server.
        </Alert>
      )}
      <Table
        aria-label={saved ? 'Confirmed amounts' : 'Amounts preview'}
        data-testid={saved ? 'confirmed-amounts' : 'amounts-preview'}
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
      <DialogActions error={error} onCancel={saved ? undefined : onClose}>
        {saved ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <Button onClick={() => void submit()} loading={confirm.isPending}>
            Confirm Booking
          </Button>
        )}
      </DialogActions>
    </Stack>
  );
}
