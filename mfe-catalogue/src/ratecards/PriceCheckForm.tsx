// The price check's form (loaded by PriceCheckPanel when the panel is first pointed at or
// focused, so the Rate Cards page's first load carries neither react-hook-form nor zod).
import { useEffect } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import { quoteRequest } from '@venue/contracts/catalogue';
import { formatMoney, useSession } from '@venue/ui';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import type { Addon, PriceQuote, Resource } from '../api/types.ts';
import { usePriceQuote } from '../api/hooks.ts';
import { DateFormField } from '../shared/DateFormField.tsx';

export interface PriceCheckDraft {
  resourceId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  addOnIds: string[];
}
type Field = keyof PriceCheckDraft;

/** What the panel's stand-in was asked before this form arrived, done once it is here. */
export interface Arrival {
  /** The field that had the focus: it gets it back. */
  focus: Field | null;
  /** The focused field was clicked: its list opens, as the click asked. */
  open: boolean;
  /** Check price was pressed. */
  check: boolean;
}

// The contract's request (what POST /api/price-quote parses), and the order of the times.
const priceCheckSchema = quoteRequest.superRefine((q, ctx) => {
  if (!(q.startTime < q.endTime))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time' });
});

const EMPTY: PriceCheckDraft = {
  resourceId: null,
  date: '',
  startTime: '09:00',
  endTime: '17:00',
  addOnIds: [],
};

function AddonsField({
  control,
  addons,
  arrival,
}: {
  control: Control<PriceCheckDraft>;
  addons: Addon[];
  arrival: Arrival;
}) {
  const { field, fieldState } = useController({ control, name: 'addOnIds' });
  const first = arrival.focus === 'addOnIds';
  return (
    <MultiSelect
      label="Add-ons"
      data={addons.map((a) => ({ value: a.id, label: a.name }))}
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      w={260}
      autoFocus={first}
      defaultDropdownOpened={first && arrival.open}
    />
  );
}

/** Asks the server what a booking would cost, with the same rules bookings use. */
export function PriceCheckForm({
  resources,
  addons,
  arrival,
}: {
  resources: Resource[];
  addons: Addon[];
  arrival: Arrival;
}) {
  const quote = usePriceQuote();
  const { form, formRef, summary, onSubmit } = useContractForm<PriceCheckDraft, PriceCheckDraft>({
    schema: priceCheckSchema,
    defaultValues: EMPTY,
  });
  const { control } = form;
  const check = onSubmit(async ({ resourceId, date, startTime, endTime, addOnIds }) => {
    await quote.mutateAsync({ resourceId: resourceId ?? '', date, startTime, endTime, addOnIds });
  });

  useEffect(() => {
    if (arrival.check) void check();
    // Once, as the form arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const focus = (field: Field) => arrival.focus === field;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        void check(e);
      }}
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SelectField
            control={control}
            name="resourceId"
            label="Resource to price"
            data={resources.map((r) => ({ value: r.id, label: r.name }))}
            w={220}
            autoFocus={focus('resourceId')}
            defaultDropdownOpened={focus('resourceId') && arrival.open}
          />
          <DateFormField control={control} name="date" label="Date" w={150} autoFocus={focus('date')} />
          <TextInput
            type="time"
            label="Start time"
            {...fieldProps(form, 'startTime')}
            autoFocus={focus('startTime')}
          />
          <TextInput
            type="time"
            label="End time"
            {...fieldProps(form, 'endTime')}
            autoFocus={focus('endTime')}
          />
          <AddonsField control={control} addons={addons} arrival={arrival} />
          <Button type="submit" loading={quote.isPending}>
            Check price
          </Button>
        </Group>
        {summary.length ? (
          <Alert color="red" variant="light" role="alert">
            {summary.join(', ')}
          </Alert>
        ) : null}
        {quote.isError ? (
          <Alert color="red" variant="light" role="alert">
            {quote.error.message}
          </Alert>
        ) : null}
        {quote.data ? <PriceQuoteLines quote={quote.data} /> : null}
      </Stack>
    </form>
  );
}

/** The server's quote: the rate it used, then line by line to the total. */
function PriceQuoteLines({ quote: q }: { quote: PriceQuote }) {
  const { settings } = useSession();
  return (
    <Stack gap="xs" data-testid="price-quote">
      <Text size="sm" c="dimmed">
        {q.durationHours} hours, {q.isWeekend ? 'weekend' : 'weekday'} rate
        {q.rateType
          ? ` (${q.rateType === 'hourly' ? 'hourly' : 'flat'} ${formatMoney(q.rateCents, settings)})`
          : ' — no rate card for this resource'}
      </Text>
      <Table withTableBorder maw={480}>
        <Table.Tbody>
          {q.breakdown.map((line, i) => (
            <Table.Tr key={`${line.label}-${i}`}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.amountCents, settings)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="price-total">
              {formatMoney(q.calculatedPriceCents, settings)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
