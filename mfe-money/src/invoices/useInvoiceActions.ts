/**
 * What the Invoices page does to invoices, apart from its layout: send (one or the selection),
 * Mark as PAID, the downloads, CSV exports and the Send Reminders list (spec 03 §2.1).
 */
import { useState } from 'react';
import { downloadFromServer, idempotencyKeys, newIdempotencyKey, useSession } from '@venue/ui';
import type { Invoice } from '@venue/contracts/money-api';
import { useSendInvoice, useSendReminders, useSetInvoiceStatus } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { can } from './invoice-filters.ts';
import {
  INVOICE_CSV_FILE,
  NO_INVOICES_TO_EXPORT,
  invoicesCsvPath,
  type InvoiceExport,
} from './invoice-csv.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import type { InvoiceDialog } from './InvoiceDialogs.tsx';
import type { RowActions } from './RowMenu.tsx';
import { useInvoiceFiles } from './useInvoiceFiles.ts';
import { fetchRemindable } from './useInvoiceList.ts';

/** Send Selected: drafts are issued, issued ones reminded, in one bulk call. */
async function sendSelectedInvoices(
  chosen: Invoice[],
  setStatus: ReturnType<typeof useSetInvoiceStatus>,
  reminders: ReturnType<typeof useSendReminders>,
  bulkKeyFor: (ids: string[]) => string,
) {
  const drafts = chosen.filter((i) => i.status === 'DRAFT');
  const issued = chosen.filter((i) => can.remind(i));
  let sent = 0;
  const failed: string[] = [];
  for (const inv of drafts) {
    try {
      await setStatus.mutateAsync({ id: inv.id, body: { status: 'SENT' } });
      sent += 1;
    } catch (error) {
      failed.push(`${inv.customer.name}: ${errorText(error)}`);
    }
  }
  if (issued.length > 0) {
    try {
      const ids = issued.map((i) => i.id);
      const result = await reminders.mutateAsync({ invoiceIds: ids, key: bulkKeyFor(ids) });
      sent += result.sent.length;
      failed.push(...result.skipped.map((s) => s.reason));
    } catch (error) {
      failed.push(errorText(error));
    }
  }
  if (sent > 0) toastSuccess(`Sent ${sent} invoice${sent === 1 ? '' : 's'}.`);
  if (failed.length > 0) toastError(`${failed.length} not sent: ${failed.join('; ')}`);
  if (drafts.length + issued.length === 0)
    toastError('None of the selected invoices can be sent (paid, void or refunded).');
}

/** The service writes the file (the kit's one CSV writer) from what the screen shows. */
async function exportInvoicesCsv(
  getToken: ReturnType<typeof useSession>['getToken'],
  timezone: string,
  count: number,
  what: InvoiceExport,
) {
  if (count === 0) {
    toastError(NO_INVOICES_TO_EXPORT);
    return;
  }
  try {
    await downloadFromServer(getToken, invoicesCsvPath(what, timezone), INVOICE_CSV_FILE);
  } catch {
    toastError('Failed to export invoices. Please try again.');
  }
}

export function useInvoiceActions(openDialog: (dialog: InvoiceDialog) => void) {
  const fmt = useFormat();
  const { settings, getToken, api } = useSession();
  const setStatus = useSetInvoiceStatus();
  const reminders = useSendReminders();
  const sendInvoice = useSendInvoice();
  const files = useInvoiceFiles();
  // Mark as PAID from the menu: one key per invoice and click content, so a double click pays once.
  const [paidKeyFor] = useState(idempotencyKeys);
  const [bulkKeyFor] = useState(idempotencyKeys);

  /**
   * Send to customer (issue 24 item 14): a draft is issued; one issued before, paid or not, goes
   * again as a copy marked COPY. A fresh key per click: the menu closes on click, and a deliberate
   * second send should send again.
   */
  async function sendOne(inv: Invoice) {
    try {
      const { invoice: sent, copy } = await sendInvoice.mutateAsync({ id: inv.id, key: newIdempotencyKey() });
      toastSuccess(
        copy
          ? `A copy of invoice ${sent.invoiceNumber ?? ''}, marked COPY, was e-mailed to ${sent.customer.name} (${sent.customer.email}) with its PDF.`
          : `Invoice ${sent.invoiceNumber ?? ''} sent to ${sent.customer.name} (${sent.customer.email}).`,
      );
    } catch (error) {
      toastError(errorText(error));
    }
  }

  async function markPaid(inv: Invoice) {
    const body = { status: 'PAID' as const, paymentMethod: 'Bank Transfer' as const };
    try {
      await setStatus.mutateAsync({ id: inv.id, body, key: paidKeyFor({ id: inv.id, ...body }) });
      toastSuccess(
        `Invoice ${inv.invoiceNumber ?? ''} marked as paid (${fmt.money(inv.balanceCents)} by bank transfer).`,
      );
    } catch (error) {
      toastError(errorText(error));
    }
  }

  const row: RowActions = {
    preview: (invoice) => openDialog({ kind: 'preview', invoice }),
    send: (inv) => void sendOne(inv),
    recordPayment: (invoice) => openDialog({ kind: 'payment', invoice }),
    downloadPdf: (inv) => void files.pdf(inv),
    downloadReceipt: (inv) => void files.receipt(inv),
    markPaid: (inv) => void markPaid(inv),
    void: (invoice) => openDialog({ kind: 'void', invoice }),
    refund: (invoice) => openDialog({ kind: 'refund', invoice }),
  };

  /** Send Reminders (header): every remindable invoice of the venue, fetched when asked. */
  async function openReminders() {
    try {
      openDialog({ kind: 'reminders', invoices: await fetchRemindable(api) });
    } catch (error) {
      toastError(errorText(error));
    }
  }

  return {
    row,
    exportCsv: (count: number, what: InvoiceExport) =>
      exportInvoicesCsv(getToken, settings.timezone, count, what),
    sendSelected: (chosen: Invoice[]) => sendSelectedInvoices(chosen, setStatus, reminders, bulkKeyFor),
    openReminders,
    sending: setStatus.isPending || reminders.isPending || sendInvoice.isPending,
  };
}
