import { Button, Checkbox, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DialogActions } from '@venue/ui';
import { fieldProps } from '@venue/ui/contract-form';
import { DateField } from '@venue/ui/date-field';
import { SegmentedChoice } from '@venue/ui/choice';
import { useFormat } from '../shared/format.ts';
import { MoneyField } from '../shared/MoneyField.tsx';
import { ChosenBooking, InvoiceBookingPicker } from './InvoiceBookingPicker.tsx';
import { useNewInvoiceForm, type Kind } from './useNewInvoiceForm.ts';

export function NewInvoiceDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (id: string) => void;
}) {
  const f = useNewInvoiceForm(onClose, onCreated);
  const { form, errors } = f;
  return (
    <Modal opened onClose={onClose} title="Create New Invoice" size="lg">
      <form ref={f.formRef} noValidate onSubmit={(e) => void f.submit(e)}>
        <Stack>
          <InvoiceBookingPicker chosen={f.booking} error={errors.booking?.message} onChoose={f.choose} />
          {f.booking && f.figures ? <ChosenBooking booking={f.booking} figures={f.figures} /> : null}

          <InvoiceTypeControl kind={f.kind} onChange={f.changeKind} />
          <MoneyField control={form.control} name="amount" label="Amount (AUD)" />
          <TextInput label="Description" maxLength={500} {...fieldProps(form, 'description')} />
          <Controller
            control={form.control}
            name="dueDate"
            render={({ field }) => (
              <DateField
                label="Due Date"
                value={field.value}
                error={errors.dueDate?.message}
                onChange={(v) => {
                  field.onChange(v);
                  f.setDueTyped(true);
                }}
              />
            )}
          />
          {f.cents !== null && f.figures ? (
            <TaxBreakdown cents={f.cents} gst={f.gst} rateBp={f.figures.rateBp} />
          ) : null}
          <Checkbox
            label="Send to the customer now (assigns the invoice number)"
            {...form.register('issue')}
          />
          <DialogActions error={f.failure} onCancel={onClose}>
            <Button type="submit" disabled={!f.booking || f.cents === null || f.cents === 0 || f.creating}>
              {f.creating ? 'Creating…' : 'Create Invoice'}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** The amount split as the GST rate of the booking's stored figures says. */
function TaxBreakdown({ cents, gst, rateBp }: { cents: number; gst: number; rateBp: number }) {
  const fmt = useFormat();
  return (
    <Paper withBorder p="sm" aria-label="Tax breakdown" component="section">
      <Text size="sm">Subtotal (excl. GST): {fmt.money(cents - gst)}</Text>
      <Text size="sm">
        GST ({rateBp / 100}%): {fmt.money(gst)}
      </Text>
      <Text size="sm" fw={600}>
        Total (incl. GST): {fmt.money(cents)}
      </Text>
    </Paper>
  );
}

/** Deposit or Final Payment: a change fills the amount and description for the booking again. */
function InvoiceTypeControl({ kind, onChange }: { kind: Kind; onChange: (kind: Kind) => void }) {
  return (
    <SegmentedChoice
      label="Invoice Type"
      options={[
        { value: 'DEPOSIT', label: 'Deposit' },
        { value: 'FINAL', label: 'Final Payment' },
      ]}
      value={kind}
      onChange={onChange}
    />
  );
}
