import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { bookingFormBody, type BookingEdit } from '@venue/contracts/bookings';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { CheckboxField, SwitchField } from '@venue/ui/yes-no-field';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking, CustomerTier, Priority } from '../api/types.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { PRIORITY_OPTIONS, TIER_OPTIONS } from '../shared/filters.ts';

/** The staff details as shown: the bond as typed in dollars, the rest as the body has them. */
interface StaffValues {
  bondRequired: boolean;
  bond: string;
  bondPaid: boolean;
  idVerified: boolean;
  insurance: boolean;
  priority: Priority;
  tier: CustomerTier;
  notes: string;
  depositPaid: boolean;
}

/** The form's control, whose submit gets the edit's body. */
type StaffControl = Control<StaffValues, unknown, BookingEdit>;

/** The form, whose fields the bond's amount is registered with. */
type StaffForm = UseFormReturn<StaffValues, unknown, BookingEdit>;

const BOND_MESSAGE = 'Bond must be 0 or more';

const bondCentsOf = (v: StaffValues) => Math.round(Number(v.bond || '0') * 100);

/** Where a problem with the edit's body (or the deposit's) is shown. */
const STAFF_FIELD_OF = {
  bondCents: 'bond',
  'docs.idVerified': 'idVerified',
  'docs.insuranceVerified': 'insurance',
  customerTier: 'tier',
  'payment_details.deposit_paid': 'depositPaid',
};

function valuesOf(booking: Booking): StaffValues {
  return {
    bondRequired: booking.bondRequired,
    bond: booking.bondCents ? (booking.bondCents / 100).toFixed(2) : '',
    bondPaid: booking.bondPaid,
    idVerified: Boolean(booking.docs?.idVerified),
    insurance: Boolean(booking.docs?.insuranceVerified),
    priority: booking.priority ?? 'normal',
    tier: booking.customerTier ?? 'standard',
    notes: booking.notes ?? '',
    depositPaid: Boolean(booking.payment_details?.deposit_paid),
  };
}

/**
 * The staff details as edited, checked by the edit's contract (bookingFormBody, what the service
 * parses PUT /api/bookings/{id} with), and their save: a second request for the deposit, when
 * changed. A problem, the screen's or the server's, is said beside its field, which takes the
 * focus (issue 24 item 13); a failed save is also said in a toast, as before.
 */
function useStaffFields(booking: Booking) {
  const { update } = useBookingActions();
  const hasDeposit = (booking.payment_details?.deposit_amount ?? 0) > 0;
  const contract = useContractForm<StaffValues, BookingEdit>({
    schema: bookingFormBody,
    defaultValues: valuesOf(booking),
    // An amount the browser could not read as a number: the body cannot even be made from it.
    screenRules: (v) => (v.bondRequired && !Number.isFinite(bondCentsOf(v)) ? { bond: BOND_MESSAGE } : {}),
    toBody: (v) => ({
      bondRequired: v.bondRequired,
      bondCents: v.bondRequired ? bondCentsOf(v) : 0,
      bondPaid: v.bondRequired && v.bondPaid,
      docs: { idVerified: v.idVerified, insuranceVerified: v.insurance },
      priority: v.priority,
      customerTier: v.tier,
      notes: v.notes,
    }),
    fieldOf: STAFF_FIELD_OF,
  });

  const send = async (body: BookingEdit) => {
    const depositPaid = contract.form.getValues('depositPaid');
    try {
      await update.mutateAsync({ id: booking.id, body });
      if (hasDeposit && depositPaid !== Boolean(booking.payment_details?.deposit_paid)) {
        await update.mutateAsync({
          id: booking.id,
          body: { payment_details: { deposit_paid: depositPaid } },
        });
      }
    } catch (err) {
      toastError('Could not save booking details', errorText(err));
      throw err;
    }
    toastSuccess('Booking Updated!', booking.bookingCode);
  };
  // The toast says a refusal; the panel has no headline of its own.
  return { ...contract, submit: contract.onSubmit(send, () => null), saving: update.isPending, hasDeposit };
}

/** Bond required and paid, and its amount while one is required. */
function BondFields({ form }: { form: StaffForm }) {
  const { control } = form;
  const required = useWatch({ control, name: 'bondRequired' });
  return (
    <>
      <SimpleGrid cols={2}>
        <SwitchField control={control} name="bondRequired" label="Bond required" />
        <SwitchField control={control} name="bondPaid" label="Bond paid" disabled={!required} />
      </SimpleGrid>
      {required ? (
        <TextInput label="Bond amount" type="number" min={0} step={0.01} {...fieldProps(form, 'bond')} />
      ) : null}
    </>
  );
}

/** The documents seen and the booking's priority and customer tier. */
function ChecksAndChoices({ control }: { control: StaffControl }) {
  return (
    <SimpleGrid cols={2}>
      <CheckboxField control={control} name="idVerified" label="ID verified" />
      <CheckboxField control={control} name="insurance" label="Insurance verified" />
      <SelectField
        control={control}
        name="priority"
        label="Priority"
        data={PRIORITY_OPTIONS}
        fallback="normal"
        allowDeselect={false}
      />
      <SelectField
        control={control}
        name="tier"
        label="Customer tier"
        data={TIER_OPTIONS}
        fallback="standard"
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

/** Bond, documents, priority, tier and notes: real booking fields staff keep up to date. */
export function StaffFields({ booking }: { booking: Booking }) {
  const { form, formRef, submit, saving, hasDeposit } = useStaffFields(booking);
  const { control } = form;
  return (
    <Paper withBorder p="sm" radius="md">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Staff details
          </Text>
          <BondFields form={form} />
          <ChecksAndChoices control={control} />
          {hasDeposit ? <SwitchField control={control} name="depositPaid" label="Deposit paid" /> : null}
          <Textarea label="Staff notes" autosize minRows={2} {...fieldProps(form, 'notes')} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={saving}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
