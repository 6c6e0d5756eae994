import { useMemo, useState } from 'react';
import type { Invoice } from '@venue/contracts/money-api';

/** The invoices ticked on the Invoices page. The selection may span pages: the chosen invoices themselves, by id. */
export function useInvoiceSelection(rows: Invoice[]) {
  const [chosenById, setChosenById] = useState<Map<string, Invoice>>(new Map());
  const selected = useMemo(() => new Set(chosenById.keys()), [chosenById]);
  const chosen = [...chosenById.values()];
  const setSelected = (ids: Set<string>) =>
    setChosenById((prev) => {
      const next = new Map<string, Invoice>();
      for (const id of ids) {
        const inv = rows.find((r) => r.id === id) ?? prev.get(id);
        if (inv) next.set(id, inv);
      }
      return next;
    });
  const clearSelection = () => setChosenById(new Map());
  return { selected, chosen, setSelected, clearSelection };
}
