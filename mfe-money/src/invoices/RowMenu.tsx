import { ActionIcon, Menu } from '@mantine/core';
import type { Invoice } from '@venue/contracts/money-api';
import { can } from './invoice-filters.ts';
import { useCopyPaymentLink } from './usePaymentLink.ts';

export interface RowActions {
  preview: (inv: Invoice) => void;
  send: (inv: Invoice) => void;
  recordPayment: (inv: Invoice) => void;
  downloadPdf: (inv: Invoice) => void;
  downloadReceipt: (inv: Invoice) => void;
  markPaid: (inv: Invoice) => void;
  void: (inv: Invoice) => void;
  refund: (inv: Invoice) => void;
}

/**
 * Spec 03 §2.1's row menu, each entry offered when the service would accept it. Copy Payment
 * Link: an issued invoice with an amount due (money's public pay page, decision 43).
 */
export function RowMenu({ invoice: inv, actions }: { invoice: Invoice; actions: RowActions }) {
  const paymentLink = useCopyPaymentLink();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`Actions for invoice ${inv.invoiceNumber ?? 'draft'} of ${inv.customer.name}`}
        >
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.preview(inv)}>Preview Invoice</Menu.Item>
        {can.send(inv) ? (
          <Menu.Item onClick={() => actions.send(inv)}>
            {can.sendsCopy(inv) ? 'Send Email to Customer (copy)' : 'Send Email to Customer'}
          </Menu.Item>
        ) : null}
        {can.recordPayment(inv) ? (
          <Menu.Item disabled={paymentLink.pending} onClick={() => paymentLink.copy(inv.id)}>
            Copy Payment Link
          </Menu.Item>
        ) : null}
        {can.recordPayment(inv) ? (
          <Menu.Item onClick={() => actions.recordPayment(inv)}>Record Bank Payment</Menu.Item>
        ) : null}
        <Menu.Item onClick={() => actions.downloadPdf(inv)}>Download PDF</Menu.Item>
        {can.receipt(inv) ? (
          <Menu.Item onClick={() => actions.downloadReceipt(inv)}>Download Receipt</Menu.Item>
        ) : null}
        {can.markPaid(inv) ? <Menu.Item onClick={() => actions.markPaid(inv)}>Mark as PAID</Menu.Item> : null}
        {can.void(inv) ? (
          <Menu.Item color="red" onClick={() => actions.void(inv)}>
            Void Invoice
          </Menu.Item>
        ) : null}
        {can.refund(inv) ? <Menu.Item onClick={() => actions.refund(inv)}>Create Refund</Menu.Item> : null}
      </Menu.Dropdown>
    </Menu>
  );
}
