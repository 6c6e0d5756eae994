import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { Quotation } from '@venue/contracts/money-api';
import { amountsOf } from './quotation-body.ts';
import type { QuotationDraft } from './quotation-draft.ts';
import {
  CustomerSection,
  DepositSection,
  EventSection,
  fieldsOf,
  FinalPaymentSection,
  NotesSection,
  PricingSection,
} from './QuotationFormSections.tsx';
import { SlotClashes } from './SlotPricing.tsx';
import { useQuotationForm } from './useQuotationForm.ts';

export { draftOf, EMPTY_DRAFT, type QuotationDraft } from './quotation-draft.ts';
export { bodyOf } from './quotation-body.ts';

interface Props {
  /** The quotation being edited; null for a new one or a duplicate. */
  editing: Quotation | null;
  initial: QuotationDraft;
  /**
   * A new quotation (not an edit or a duplicate): its deposit starts from Settings → Payments
   * (issue 24 item 4) once they are read, unless the deposit was changed first.
   */
  fresh?: boolean;
  onClose: () => void;
  onSaved: (q: Quotation) => void;
}

/** The quotation form dialog (spec 03 §2.3): six sections, Cancel and Save Draft (or Update). */
export function QuotationForm({ editing, initial, fresh = false, onClose, onSaved }: Props) {
  const form = useQuotationForm({ editing, initial, fresh, onSaved });
  const { d, look, slot } = form;
  const fields = fieldsOf(d, form.errors, form.set);
  const { totalCents, deposit } = amountsOf(d);
  const clashes = look?.clashes ?? null;
  const clashCount = clashes ? clashes.conflicts.length + clashes.blockouts.length : 0;

  return (
    <Modal opened onClose={onClose} size="xl" title={editing ? 'Edit Quotation' : 'Create New Quotation'}>
      <form
        ref={form.formRef}
        noValidate
        aria-label={editing ? 'Edit quotation' : 'New quotation'}
        onSubmit={(ev) => void form.submit(ev)}
      >
        <Stack gap="md">
          {form.failure && (
            <Alert color="red" role="alert" withCloseButton onClose={form.clearFailure}>
              {form.failure}
            </Alert>
          )}
          <CustomerSection fields={fields} />
          <EventSection fields={fields} form={form} />
          <SlotClashes look={look} checking={slot.ready && slot.query.isFetching} error={slot.query.error} />
          <PricingSection fields={fields} form={form} />
          <DepositSection fields={fields} form={form} fresh={fresh} />
          <NotesSection fields={fields} />
          <FinalPaymentSection totalCents={totalCents} deposit={deposit} slotTaken={clashCount > 0} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving}>
              {editing ? 'Update' : 'Save Draft'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
