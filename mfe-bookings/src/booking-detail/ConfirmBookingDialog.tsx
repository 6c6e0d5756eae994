import { DialogActions, useFocusFirstError } from '@venue/ui';
import { contractResolver, putServerErrors } from '@venue/ui/contract-form';
import { SegmentedChoice, type ChoiceOption } from '@venue/ui/choice';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { MoneyFigures } from '@venue/contracts';
import { statusBody } from '@venue/contracts/bookings';
import { Alert, Button, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { unwrapBooking, useBookingActions, useConfirmPreview } from '../api/hooks.ts';
import { useVenueDeposit } from '../api/venue-deposit.ts';
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

type ConfirmValues = { taxType: TaxType; deposit: DepositStart };
type ConfirmStatus = z.output<typeof statusBody>;

/** A problem with the tax type stays on it; any other part of the payment is the deposit's. */
const confirmField = (path: string): keyof ConfirmValues =>
  path.startsWith('payment_details.tax_type') ? 'taxType' : 'deposit';

/**
 * The form's body: the status call's, checked by the contract's statusBody. The deposit is read
 * from the typed text by the preview first; a value it cannot read stays on the deposit field.
 */
function confirmResolver(inputs: ConfirmInputs) {
  const preview = (v: ConfirmValues) => previewConfirm(inputs, { taxType: v.taxType, ...v.deposit });
  return contractResolver<ConfirmValues, ConfirmStatus>({
    schema: statusBody,
    screenRules: (v) => {
      const p = preview(v);
      return p.ok ? {} : { deposit: p.message };
    },
    toBody: (v) => {
      const p = preview(v);
      return { status: 'confirmed', payment_details: p.ok ? p.payment : undefined };
    },
    fieldOf: confirmField,
  });
}

interface ChoicesProps {
  booking: Booking;
  inputs: ConfirmInputs;
  start: DepositStart;
  /** The venue's deposit setting could not be read: the choice starts at None and says so. */
  startUnknown: boolean;
  onClose: () => void;
  onDone?: Props['onDone'];
}

/**
 * The form of the choices, the live preview of their figures and the send. Once confirmed, the
 * dialog closes and says so with the booking's code and the amounts the server stored.
 */
function useConfirmForm({ booking, inputs, start, onClose, onDone }: Omit<ChoicesProps, 'startUnknown'>) {
  const fmt = useFormat();
  const { confirm } = useBookingActions();
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const resolver = useMemo(() => confirmResolver(inputs), [inputs]);
  const form = useForm<ConfirmValues, unknown, ConfirmStatus>({
    defaultValues: { taxType: inputs.terms.taxType, deposit: start },
    resolver,
    // The first invalid field in the order shown is focused (useFocusFirstError).
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError<HTMLFormElement>(form.formState.submitCount + refusals);
  const [taxType, deposit] = useWatch({ control: form.control, name: ['taxType', 'deposit'] });
  const preview = previewConfirm(inputs, { taxType, ...deposit });

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    let updated: Booking | null;
    try {
      updated = unwrapBooking(await confirm.mutateAsync({ id: booking.id, body }));
    } catch (err) {
      setError(errorText(err));
      toastError('Error Confirming Booking', errorText(err));
      if (putServerErrors(form, err, confirmField) > 0) setRefusals((n) => n + 1);
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
  });
  return { form, formRef, onSubmit, preview, error, sending: confirm.isPending };
}

/**
 * The choices and the amounts they give. The preview is the shared money module over the
 * server's inputs (price, the tenant's tax terms), and the body sent is the deposit as the
 * preview read it, so the server stores exactly the previewed figures. The deposit starts from
 * the venue's setting (Settings → Payments).
 */
function ConfirmChoices(props: ChoicesProps) {
  const { booking, inputs, start, startUnknown, onClose } = props;
  const fmt = useFormat();
  const { form, formRef, onSubmit, preview, error, sending } = useConfirmForm(props);
  const depositError = form.formState.errors.deposit?.message ?? (preview.ok ? undefined : preview.message);
  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {booking.customerName} · {booking.resourceName} · {fmt.slot(booking)}
        </Text>
        <Controller
          control={form.control}
          name="taxType"
          render={({ field }) => (
            <TaxTypeField value={field.value} onChange={field.onChange} inputs={inputs} />
          )}
        />
        <Controller
          control={form.control}
          name="deposit"
          render={({ field }) => (
            <DepositFields
              value={field.value}
              onChange={field.onChange}
              note={depositNote(field.value, start, startUnknown)}
              error={depositError}
            />
          )}
        />
        {preview.ok ? <AmountsPreview figures={preview.figures} /> : null}
        <DialogActions error={error} onCancel={onClose}>
          <Button type="submit" loading={sending} disabled={!preview.ok}>
            Confirm Booking
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

const TAX_TYPES: ChoiceOption<TaxType>[] = [
  { value: 'inclusive', label: 'GST inclusive' },
  { value: 'exclusive', label: 'GST exclusive' },
];

/** GST inclusive or exclusive, and what that means for this price at the venue's rate. */
function TaxTypeField({
  value,
  onChange,
  inputs,
}: {
  value: TaxType;
  onChange: (next: TaxType) => void;
  inputs: ConfirmInputs;
}) {
  const fmt = useFormat();
  const rate = `${inputs.terms.rateBp / 100} %`;
  return (
    <SegmentedChoice label="Tax type" options={TAX_TYPES} value={value} onChange={onChange}>
      <Text size="xs" c="dimmed">
        The price of {fmt.money(inputs.priceCents)}{' '}
        {value === 'inclusive' ? `includes GST at ${rate}` : `has GST at ${rate} added`}
        {value === inputs.terms.taxType ? ' (this venue’s setting).' : ' (not this venue’s setting).'}
      </Text>
    </SegmentedChoice>
  );
}

/** The figures the choices give, as the server will store them. */
function AmountsPreview({ figures }: { figures: MoneyFigures }) {
  const fmt = useFormat();
  const rows: [string, number][] = [
    ['Total', figures.totalCents],
    ['GST', figures.gstCents],
    ['Deposit', figures.depositCents],
    ['Balance due', figures.finalDueCents],
  ];
  return (
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
