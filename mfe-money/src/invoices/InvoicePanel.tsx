import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Group, Stack } from '@mantine/core';
import type { Invoice } from '@venue/contracts/money-api';
import { useInvoiceDetail } from '../api/hooks.ts';
import { InvoiceFacts, InvoiceLines, PaymentSummary, PaymentsAndCredits } from './InvoicePanelSections.tsx';
import { PaymentLinkButton } from './PaymentLinkButton.tsx';
import { useInvoiceFiles } from './useInvoiceFiles.ts';

/** A copy button whose confirmation shows for 1.2 seconds (spec 03 §9). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), 1200);
        });
      }}
    >
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}

export function InvoicePanel({
  invoice,
  onClose,
  onRecordPayment,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onRecordPayment: (inv: Invoice) => void;
}) {
  const detail = useInvoiceDetail(invoice?.id ?? null);
  const files = useInvoiceFiles();
  // The freshest figures: the detail once it has loaded, the list row until then.
  const inv = detail.data ?? invoice;
  const title = inv ? `Tax Invoice ${inv.invoiceNumber ?? '(draft)'}` : '';
  return (
    <Drawer opened={Boolean(invoice)} onClose={onClose} position="right" size="lg" title={title}>
      {inv ? (
        <Stack>
          <Group gap="xs">
            {inv.invoiceNumber ? <CopyButton value={inv.invoiceNumber} label="Copy invoice number" /> : null}
            {inv.bookingCode ? <CopyButton value={inv.bookingCode} label="Copy booking reference" /> : null}
          </Group>
          <InvoiceFacts inv={inv} />
          <InvoiceLines inv={inv} />
          <PaymentSummary inv={inv} />
          {detail.isError ? (
            <Alert color="red" role="alert">
              Could not load the payments: {detail.error.message}
            </Alert>
          ) : null}
          {detail.data ? (
            <PaymentsAndCredits
              detail={detail.data}
              onReceipt={(paymentId) => void files.receipt(inv, paymentId)}
            />
          ) : null}
          <Group align="flex-start">
            <Button onClick={() => void files.pdf(inv)}>Download PDF</Button>
            {inv.status === 'SENT' || inv.status === 'OVERDUE' || inv.status === 'PARTIAL' ? (
              <Button variant="light" onClick={() => onRecordPayment(inv)}>
                Record Payment
              </Button>
            ) : null}
          </Group>
          {inv.status === 'SENT' || inv.status === 'OVERDUE' || inv.status === 'PARTIAL' ? (
            <PaymentLinkButton invoiceId={inv.id} />
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
