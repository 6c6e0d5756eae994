/**
 * The quotation form's state (spec 03 §2.3): the draft and its messages, the deposit Settings →
 * Payments fills in, the resource matched by name, the rate card's total, and the save.
 */
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError, fieldErrorsOf, idempotencyKeys, serverMessage, useFocusFirstError } from '@venue/ui';
import { QUOTATION_MESSAGES, type Quotation } from '@venue/contracts/money-api';
import type { InvoiceSettings } from '@venue/contracts';
import { useInvoiceSettings } from '../api/hooks.ts';
import { useQuotationResources, useSaveQuotation } from '../api/quotation-hooks.ts';
import { bodyOf, formErrors } from './quotation-body.ts';
import { depositFromSettings, type QuotationDraft } from './quotation-draft.ts';
import { useQuotationSlot, type SlotLook } from './useQuotationSlot.ts';

/** The rate card's price as the total field types it (dollars, two decimals). */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

type SetDraft = Dispatch<SetStateAction<QuotationDraft>>;

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
  const { d, setD, set, errors, setErrors } = useDraft(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  // Whether the deposit was chosen here: the settings fill only what the person has not typed.
  const [depositTouched, setDepositTouched] = useState(false);

  const settingsDeposit = useSettingsDeposit(fresh && !depositTouched, invoiceSettings.data, setD);
  const { resourceList, resourceIds } = useResourcesById(resources.data, d, setD);

  const slot = useQuotationSlot(
    { resourceId: d.resource, date: d.eventDate, startTime: d.startTime, endTime: d.endTime },
    resourceIds,
  );
  const look: SlotLook | undefined = slot.current ? slot.query.data : undefined;
  const quote = look?.quote ?? null;
  const { quotedTotal, takeRateCardTotal } = useRateCardTotal(quote, d.totalAmount, set);

  async function submit() {
    const found = formErrors(d);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    const body = bodyOf(d);
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, body, key: keyFor(body) });
      onSaved(saved);
    } catch (error) {
      // The server's field refusals (a resource the venue does not have, a deposit over the
      // total) land on their fields like the screen's own; anything else is said above.
      const onFields = fieldErrorsOf(error);
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        setAttempt((n) => n + 1);
      }
      setFailure((error instanceof ApiError && serverMessage(error.body)) || QUOTATION_MESSAGES.saveFailed);
    }
  }

  return {
    d,
    set: set as SetField,
    errors,
    failure,
    clearFailure: () => setFailure(null),
    formRef,
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

/** The draft and its messages; a field's message clears as soon as that field changes (spec 03 §2.3). */
function useDraft(initial: QuotationDraft) {
  const [d, setD] = useState<QuotationDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  function set<K extends keyof QuotationDraft>(field: K, value: QuotationDraft[K]) {
    setD((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }
  return { d, setD, set, errors, setErrors };
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
function useSettingsDeposit(fill: boolean, settings: InvoiceSettings | undefined, setD: SetDraft) {
  const settingsDeposit = settings ? depositFromSettings(settings) : null;
  const settingsType = settingsDeposit?.depositType;
  const settingsValue = settingsDeposit?.depositValue;
  useEffect(() => {
    if (!fill || settingsType === undefined || settingsValue === undefined) return;
    setD((prev) =>
      prev.depositType === settingsType && prev.depositValue === settingsValue
        ? prev
        : { ...prev, depositType: settingsType, depositValue: settingsValue },
    );
  }, [fill, settingsType, settingsValue, setD]);
  return settingsDeposit;
}

/**
 * The venue's resources by id; a quotation saved with a name (typed, or from before ids) is
 * matched to its resource by that name.
 */
function useResourcesById(
  data: { id: string; name: string }[] | null | undefined,
  d: QuotationDraft,
  setD: SetDraft,
) {
  const resourceList = useMemo(() => data ?? null, [data]);
  const resourceIds = useMemo(() => new Set((resourceList ?? []).map((r) => r.id)), [resourceList]);
  useEffect(() => {
    if (!resourceList || !d.resource || resourceIds.has(d.resource)) return;
    const byName = resourceList.find((r) => r.name === d.resource || r.name === d.resourceName);
    if (byName) setD((prev) => ({ ...prev, resource: byName.id, resourceName: byName.name }));
  }, [resourceList, resourceIds, d.resource, d.resourceName, setD]);
  return { resourceList, resourceIds };
}
