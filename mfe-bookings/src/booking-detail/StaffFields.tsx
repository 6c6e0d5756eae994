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

/** The staff details as edited, and their save (a second request for the deposit, when changed). */
function useStaffFields(booking: Booking) {
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

  return {
    update,
    bond: {
      required: bondRequired,
      setRequired: setBondRequired,
      amount: bond,
      setAmount: setBond,
      paid: bondPaid,
      setPaid: setBondPaid,
      error: bondError,
      setError: setBondError,
      ref: bondRef,
    },
    idVerified,
    setIdVerified,
    insurance,
    setInsurance,
    priority,
    setPriority,
    tier,
    setTier,
    notes,
    setNotes,
    depositPaid,
    setDepositPaid,
    hasDeposit,
    save,
  };
}

/** Bond, documents, priority, tier and notes: real booking fields staff keep up to date. */
export function StaffFields({ booking }: { booking: Booking }) {
  const f = useStaffFields(booking);
  const { bond } = f;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Staff details
        </Text>
        <SimpleGrid cols={2}>
          <Switch label="Bond required" checked={bond.required} onChange={toggled(bond.setRequired)} />
          <Switch
            label="Bond paid"
            checked={bond.paid}
            disabled={!bond.required}
            onChange={toggled(bond.setPaid)}
          />
        </SimpleGrid>
        {bond.required ? (
          <TextInput
            label="Bond amount"
            type="number"
            min={0}
            step={0.01}
            value={bond.amount}
            onChange={(e) => {
              bond.setAmount(e.currentTarget.value);
              bond.setError(null);
            }}
            error={bond.error}
            ref={bond.ref}
          />
        ) : null}
        <SimpleGrid cols={2}>
          <Checkbox label="ID verified" checked={f.idVerified} onChange={toggled(f.setIdVerified)} />
          <Checkbox label="Insurance verified" checked={f.insurance} onChange={toggled(f.setInsurance)} />
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={f.priority}
            onChange={(v) => f.setPriority((v ?? 'normal') as Priority)}
            allowDeselect={false}
          />
          <Select
            label="Customer tier"
            data={TIER_OPTIONS}
            value={f.tier}
            onChange={(v) => f.setTier((v ?? 'standard') as CustomerTier)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {f.hasDeposit ? (
          <Switch label="Deposit paid" checked={f.depositPaid} onChange={toggled(f.setDepositPaid)} />
        ) : null}
        <Textarea
          label="Staff notes"
          autosize
          minRows={2}
          value={f.notes}
          onChange={(e) => f.setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void f.save()} loading={f.update.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
