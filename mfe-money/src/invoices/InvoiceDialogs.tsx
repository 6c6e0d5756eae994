import { Suspense, lazy } from 'react';
import type { Invoice } from '@venue/contracts/money-api';

// The dialogs are fetched when first opened, not with the page: most visits open none, and the
// new-invoice form brings Mantine's date picker and dayjs (issue 9: a cold visit ≤ 350 kB).
const NewInvoiceDialog = lazy(() =>
  import('./NewInvoiceDialog.tsx').then((m) => ({ default: m.NewInvoiceDialog })),
);
const RecordPaymentDialog = lazy(() =>
  import('./RecordPaymentDialog.tsx').then((m) => ({ default: m.RecordPaymentDialog })),
);
const RemindersDialog = lazy(() =>
  import('./ActionDialogs.tsx').then((m) => ({ default: m.RemindersDialog })),
);
const VoidDialog = lazy(() => import('./ActionDialogs.tsx').then((m) => ({ default: m.VoidDialog })));
const RefundDialog = lazy(() => import('./RefundDialog.tsx').then((m) => ({ default: m.RefundDialog })));
const PreviewDialog = lazy(() => import('./ActionDialogs.tsx').then((m) => ({ default: m.PreviewDialog })));

/** The Invoices page's one open dialog, if any. */
export type InvoiceDialog =
  | { kind: 'new' }
  | { kind: 'reminders'; invoices: Invoice[] }
  | { kind: 'payment'; invoice: Invoice }
  | { kind: 'void'; invoice: Invoice }
  | { kind: 'refund'; invoice: Invoice }
  | { kind: 'preview'; invoice: Invoice }
  | null;

export function InvoiceDialogs({
  dialog,
  onClose,
  onCreated,
}: {
  dialog: InvoiceDialog;
  onClose: () => void;
  /** A new invoice's id, to open it. */
  onCreated: (id: string) => void;
}) {
  return (
    <Suspense fallback={null}>
      {dialog?.kind === 'new' ? <NewInvoiceDialog onClose={onClose} onCreated={onCreated} /> : null}
      {dialog?.kind === 'reminders' ? <RemindersDialog invoices={dialog.invoices} onClose={onClose} /> : null}
      {dialog?.kind === 'payment' ? <RecordPaymentDialog invoice={dialog.invoice} onClose={onClose} /> : null}
      {dialog?.kind === 'void' ? <VoidDialog invoice={dialog.invoice} onClose={onClose} /> : null}
      {dialog?.kind === 'refund' ? <RefundDialog invoice={dialog.invoice} onClose={onClose} /> : null}
      {dialog?.kind === 'preview' ? <PreviewDialog invoice={dialog.invoice} onClose={onClose} /> : null}
    </Suspense>
  );
}
