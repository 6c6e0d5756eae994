/**
 * The quotation form (spec 03 §2.3): the draft in react-hook-form, checked by quotationInputSchema
 * (what the service parses) through the kit's contractResolver, its messages by field; the
 * deposit Settings → Payments fills in, the resource matched by name, the rate card's total, and
 * the save with the server's refusals on their fields.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { ApiError, idempotencyKeys, serverMessage } from '@venue/ui';
import { QUOTATION_MESSAGES, quotationInputSchema, type Quotation } from '@venue/contracts/money-api';
import type { InvoiceSettings } from '@venue/contracts';
import { useInvoiceSettings } from '../api/hooks.ts';
import { useQuotationResources, useSaveQuotation } from '../api/quotation-hooks.ts';
import { useContractForm } from '@venue/ui/contract-form';
import { bodyOf } from './quotation-body.ts';
import { depositFromSettings, type QuotationDraft } from './quotation-draft.ts';
import { useQuotationSlot, type SlotLook } from './useQuotationSlot.ts';

/** The rate card's price as the total field types it (dollars, two decimals). */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/** Puts values in the draft (what the settings or the resource list fill in), messages kept. */
type PatchDraft = (values: Partial<QuotationDraft>) => void;
type QuotationBody = z.output<typeof quotationInputSchema>;

/** A problem's field: the first segment of its path, the deposit paid flag under its own name. */
export function quotationField(path: string): string {
  const field = path.split('.')[0] ?? '';
  return field === 'payment_details' ? 'depositPaid' : field;
}

export type SetField = <K extends keyof QuotationDraft>(field: K, value: QuotationDraft[K]) => void;

interface Options {
  editing: Quotation | null;
  initial: QuotationDraft;
  fresh: boolean;
  onSaved: (q: Quotation) => void;
}

export function useQuotationForm({ editing, initial, fresh, onSaved }: Options) {
  const save = useSaveQuotation();
  const resources = useQuotationResources();
  const invoiceSettings = useInvoiceSettings(fresh);
  const [keyFor] = useState(idempotencyKeys);
  const { d, set, patch, errors, dialog } = useDraft(initial);
  // Whether the deposit was chosen here: the settings fill only what the person has not typed.
  const [depositTouched, setDepositTouched] = useState(false);

  const settingsDeposit = useSettingsDeposit(fresh && !depositTouched, invoiceSettings.data, patch);
  const { resourceList, resourceIds } = useResourcesById(resources.data, d, patch);

  const slot = useQuotationSlot(
    { resourceId: d.resource, date: d.eventDate, startTime: d.startTime, endTime: d.endTime },
    resourceIds,
  );
  const look: SlotLook | undefined = slot.current ? slot.query.data : undefined;
  const quote = look?.quote ?? null;
  const { quotedTotal, takeRateCardTotal } = useRateCardTotal(quote, d.totalAmount, set);

  // The server's field refusals (a resource the venue does not have, a deposit over the total)
  // land on their fields like the screen's own; anything else is said above.
  const submit = dialog.onSubmit(
    async (body) => onSaved(await save.mutateAsync({ id: editing?.id ?? null, body, key: keyFor(body) })),
    (error) => (error instanceof ApiError && serverMessage(error.body)) || QUOTATION_MESSAGES.saveFailed,
  );

  return {
    d,
    set,
    errors,
    failure: dialog.failure,
    clearFailure: () => dialog.setFailure(null),
    formRef: dialog.formRef,
    saving: save.isPending,
    submit,
    resourceList,
    resourceIds,
    resourcesPending: resources.isPending,
    slot,
    look,
    quote,
    quotedTotal,
    takeRateCardTotal,
    settingsDeposit,
    depositTouched,
    touchDeposit: () => setDepositTouched(true),
  };
}

/**
 * The draft in react-hook-form, checked by the contract's schema on the body it makes; a field's
 * message clears as soon as that field changes (spec 03 §2.3), the others stay until the next save.
 */
function useDraft(initial: QuotationDraft) {
  const dialog = useContractForm<QuotationDraft, QuotationBody>({
    schema: quotationInputSchema,
    toBody: bodyOf,
    fieldOf: quotationField,
    defaultValues: initial,
  });
  const { form } = dialog;
  const { setValue, clearErrors } = form;
  const d = form.watch();
  const set: SetField = useCallback(
    (field, value) => {
      setValue(field, value as never, { shouldDirty: true });
      clearErrors(field);
    },
    [setValue, clearErrors],
  );
  const patch: PatchDraft = useCallback(
    (values) => {
      for (const [field, value] of Object.entries(values))
        setValue(field as keyof QuotationDraft, value as never, { shouldDirty: true });
    },
    [setValue],
  );
  const errors: Record<string, string> = {};
  for (const [field, error] of Object.entries(dialog.errors))
    if (typeof error?.message === 'string') errors[field] = error.message;
  return { d, set, patch, errors, dialog };
}

/**
 * The rate card prices the total until the person types their own (issue 24 item 2): the total
 * it last filled in is kept, so a total typed by the person is never replaced.
 */
function useRateCardTotal(quote: SlotLook['quote'], totalAmount: string, set: SetField) {
  const [filledTotal, setFilledTotal] = useState<string | null>(null);
  const quotedTotal = quote && quote.calculatedPriceCents > 0 ? dollarsOf(quote.calculatedPriceCents) : null;
  // Run when a new price arrives, not on each keystroke in the total (which would undo the typing).
  useEffect(() => {
    if (!quotedTotal) return;
    if (totalAmount.trim() === '' || totalAmount === filledTotal) {
      setFilledTotal(quotedTotal);
      if (totalAmount !== quotedTotal) set('totalAmount', quotedTotal);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quotedTotal]);

  function takeRateCardTotal() {
    if (!quotedTotal) return;
    setFilledTotal(quotedTotal);
    set('totalAmount', quotedTotal);
  }
  return { quotedTotal, takeRateCardTotal };
}

/** Settings → Payments' deposit, once read (issue 24 item 4), put in the draft while `fill`. */
function useSettingsDeposit(fill: boolean, settings: InvoiceSettings | undefined, patch: PatchDraft) {
  const settingsDeposit = settings ? depositFromSettings(settings) : null;
  const settingsType = settingsDeposit?.depositType;
  const settingsValue = settingsDeposit?.depositValue;
  useEffect(() => {
    if (!fill || settingsType === undefined || settingsValue === undefined) return;
    patch({ depositType: settingsType, depositValue: settingsValue });
  }, [fill, settingsType, settingsValue, patch]);
  return settingsDeposit;
}

/**
 * The venue's resources by id; a quotation saved with a name (typed, or from before ids) is
 * matched to its resource by that name.
 */
function useResourcesById(
  data: { id: string; name: string }[] | null | undefined,
  d: QuotationDraft,
  patch: PatchDraft,
) {
  const resourceList = useMemo(() => data ?? null, [data]);
  const resourceIds = useMemo(() => new Set((resourceList ?? []).map((r) => r.id)), [resourceList]);
  useEffect(() => {
    if (!resourceList || !d.resource || resourceIds.has(d.resource)) return;
    const byName = resourceList.find((r) => r.name === d.resource || r.name === d.resourceName);
    if (byName) patch({ resource: byName.id, resourceName: byName.name });
  }, [resourceList, resourceIds, d.resource, d.resourceName, patch]);
  return { resourceList, resourceIds };
}
