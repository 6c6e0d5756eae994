import { useId } from 'react';
import { SegmentedControl, Text, TextInput } from '@mantine/core';
import type { DepositType } from '../api/types.ts';
import { sanitiseDepositInput, type DepositStart } from './deposit.ts';

/**
 * The deposit of a confirmation: its type and value (spec 02 §2.1: digits and a period only),
 * with a line saying whether it is the venue's setting. The confirm dialog and the booking form
 * both start it from Settings → Payments.
 */
export function DepositFields({
  value,
  onChange,
  note,
  error,
}: {
  value: DepositStart;
  onChange: (next: DepositStart) => void;
  /** Beside the type: whose deposit this is (the venue's setting or not). */
  note: string;
  /** The value's problem, shown beside it. */
  error?: string;
}) {
  const id = useId();
  return (
    <>
      <div>
        <Text size="sm" fw={500} id={`${id}-label`}>
          Deposit
        </Text>
        <SegmentedControl
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-note`}
          value={value.depositType}
          onChange={(v) => onChange({ ...value, depositType: v as DepositType })}
          data={['None', 'Fixed', 'Percentage']}
        />
        <Text size="xs" c="dimmed" id={`${id}-note`}>
          {note}
        </Text>
      </div>
      {value.depositType !== 'None' ? (
        <TextInput
          label={value.depositType === 'Percentage' ? 'Deposit percentage' : 'Deposit amount'}
          description={
            value.depositType === 'Percentage'
              ? 'A whole number from 0 to 100 % of the total incl. GST'
              : 'Rounded to cents, at most the total'
          }
          inputMode="decimal"
          value={value.depositValue}
          error={error}
          onChange={(e) => onChange({ ...value, depositValue: sanitiseDepositInput(e.currentTarget.value) })}
        />
      ) : null}
    </>
  );
}

/** The line beside the deposit type: the venue's setting, another choice, or no setting known. */
export function depositNote(value: DepositStart, start: DepositStart, startUnknown: boolean): string {
  if (startUnknown) return 'The venue’s deposit setting could not be read; choose the deposit.';
  return value.depositType === start.depositType && value.depositValue === start.depositValue
    ? 'This venue’s setting (Settings → Payments).'
    : 'Not this venue’s setting (Settings → Payments).';
}
