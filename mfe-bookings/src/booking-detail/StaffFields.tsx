import { useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking, CustomerTier, Priority } from '../api/types.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { PRIORITY_OPTIONS, TIER_OPTIONS } from '../shared/filters.ts';

/** A switch or checkbox change handler that stores its checked state. */
const toggled = (set: (on: boolean) => void) => (e: React.ChangeEvent<HTMLInputElement>) =>
  set(e.currentTarget.checked);

/** Bond, documents, priority, tier and notes: real booking fields staff keep up to date. */
export function StaffFields({ booking }: { booking: Booking }) {
  const { update } = useBookingActions();
  const [bondRequired, setBondRequired] = useState(booking.bondRequired);
  const [bond, setBond] = useState(booking.bondCents ? (booking.bondCents / 100).toFixed(2) : '');
  const [bondPaid, setBondPaid] = useState(booking.bondPaid);
  const [idVerified, setIdVerified] = useState(Boolean(booking.docs?.idVerified));
  const [insurance, setInsurance] = useState(Boolean(booking.docs?.insuranceVerified));
  const [priority, setPriority] = useState<Priority>(booking.priority ?? 'normal');
  const [tier, setTier] = useState<CustomerTier>(booking.customerTier ?? 'standard');
  const [notes, setNotes] = useState(booking.notes ?? '');
  const [depositPaid, setDepositPaid] = useState(Boolean(booking.payment_details?.deposit_paid));
  const hasDeposit = (booking.payment_details?.deposit_amount ?? 0) > 0;
  // Said beside the amount, which takes the focus (issue 24 item 13), not in a passing toast.
  const [bondError, setBondError] = useState<string | null>(null);
  const bondRef = useRef<HTMLInputElement>(null);

  async function save() {
    const bondCents = Math.round(Number(bond || '0') * 100);
    if (bondRequired && (!Number.isFinite(bondCents) || bondCents < 0)) {
      setBondError('Bond must be 0 or more');
      bondRef.current?.focus();
      return;
    }
    setBondError(null);
    try {
      await update.mutateAsync({
        id: booking.id,
        body: {
          bondRequired,
          bondCents: bondRequired ? bondCents : 0,
          bondPaid: bondRequired && bondPaid,
          docs: { idVerified, insuranceVerified: insurance },
          priority,
          customerTier: tier,
          notes,
        },
      });
      if (hasDeposit && depositPaid !== Boolean(booking.payment_details?.deposit_paid)) {
        await update.mutateAsync({
          id: booking.id,
          body: { payment_details: { deposit_paid: depositPaid } },
        });
      }
      toastSuccess('Booking Updated!', booking.bookingCode);
    } catch (err) {
      toastError('Could not save booking details', errorText(err));
    }
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Staff details
        </Text>
        <SimpleGrid cols={2}>
          <Switch label="Bond required" checked={bondRequired} onChange={toggled(setBondRequired)} />
          <Switch
            label="Bond paid"
            checked={bondPaid}
            disabled={!bondRequired}
            onChange={toggled(setBondPaid)}
          />
        </SimpleGrid>
        {bondRequired ? (
          <TextInput
            label="Bond amount"
            type="number"
            min={0}
            step={0.01}
            value={bond}
            onChange={(e) => {
              setBond(e.currentTarget.value);
              setBondError(null);
            }}
            error={bondError}
            ref={bondRef}
          />
        ) : null}
        <SimpleGrid cols={2}>
          <Checkbox label="ID verified" checked={idVerified} onChange={toggled(setIdVerified)} />
          <Checkbox label="Insurance verified" checked={insurance} onChange={toggled(setInsurance)} />
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={priority}
            onChange={(v) => setPriority((v ?? 'normal') as Priority)}
            allowDeselect={false}
          />
          <Select
            label="Customer tier"
            data={TIER_OPTIONS}
            value={tier}
            onChange={(v) => setTier((v ?? 'standard') as CustomerTier)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {hasDeposit ? (
          <Switch label="Deposit paid" checked={depositPaid} onChange={toggled(setDepositPaid)} />
        ) : null}
        <Textarea
          label="Staff notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void save()} loading={update.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
