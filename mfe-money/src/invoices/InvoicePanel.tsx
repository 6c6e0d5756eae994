import { useEffect, useRef, useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useSession } from '@venue/ui';
import type { Invoice } from '@venue/contracts/money-api';
import { useInvoiceDetail } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { STATUS_COLORS } from '../shared/labels.ts';
import { PaymentLinkButton } from './PaymentLinkButton.tsx';
import { useInvoiceFiles } from './useInvoiceFiles.ts';

/**
 * Spec 03 §2.1: "From Quotation …", "Admin Panel", "Website" or "Direct"; the quotation by its
 * number, never its id (issue 24 item 2).
 */
export function sourceLabel(inv: Pick<Invoice, 'bookingSource' | 'quotationId' | 'quotationNumber'>): string {
  if (inv.bookingSource === 'quotation' || inv.quotationId)
    return `From Quotation ${inv.quotationNumber ?? ''}`.trim();
  if (inv.bookingSource === 'admin') return 'Admin Panel';
  if (inv.bookingSource === 'website') return 'Website';
  return 'Direct';
}

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

function Row({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={color}>
        {value}
      </Text>
    </Group>
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
  const fmt = useFormat();
  const { hallName } = useSession();
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
          <Accordion multiple defaultValue={['summary', 'parties', 'details']}>
            <Accordion.Item value="summary">
              <Accordion.Control>Summary</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  <Row label="Status" value={inv.status} color={`${STATUS_COLORS[inv.status]}.8`} />
                  <Row label="Type" value={inv.type} />
                  <Row label="Issue date" value={fmt.date(inv.issueDate)} />
                  <Row label="Due date" value={fmt.date(inv.dueDate)} />
                  <Row label="Total" value={fmt.money(inv.totalCents)} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="parties">
              <Accordion.Control>Parties</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={2}>
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      From
                    </Text>
                    <Text size="sm">{hallName ?? 'This venue'}</Text>
                    <Text size="xs" c="dimmed">
                      Seller name and ABN as printed on the PDF
                    </Text>
                  </Stack>
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      Bill to
                    </Text>
                    <Text size="sm">{inv.customer.name}</Text>
                    <Text size="sm">{inv.customer.email}</Text>
                    {inv.customer.abn ? <Text size="sm">ABN {inv.customer.abn}</Text> : null}
                  </Stack>
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="details">
              <Accordion.Control>Details</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  <Row label="Booking" value={inv.bookingCode ?? inv.bookingId ?? '—'} />
                  <Row label="Source" value={sourceLabel(inv)} />
                  <Row label="Resource" value={inv.resource ?? '—'} />
                  <Row label="Event" value={`${inv.eventType ?? '—'} · ${fmt.date(inv.eventDate)}`} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>

          <Paper withBorder p="sm">
            <Text fw={600} mb="xs">
              Description & GST Breakdown
            </Text>
            <Table aria-label="Invoice lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Qty</Table.Th>
                  <Table.Th>GST</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.lineItems.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{l.description}</Table.Td>
                    <Table.Td>{l.quantity}</Table.Td>
                    <Table.Td>{fmt.money(l.gstCents)}</Table.Td>
                    <Table.Td>{fmt.money(l.totalCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>

          <SimpleGrid cols={3}>
            <Paper withBorder p="xs">
              <Text size="xs" c="dimmed">
                Subtotal (excl. GST)
              </Text>
              <Text fw={600}>{fmt.money(inv.subtotalCents)}</Text>
            </Paper>
            <Paper withBorder p="xs">
              <Text size="xs" c="dimmed">
                GST ({inv.taxRate}%)
              </Text>
              <Text fw={600}>{fmt.money(inv.gstCents)}</Text>
            </Paper>
            <Paper withBorder p="xs">
              <Text size="xs" c="dimmed">
                Total (incl. GST)
              </Text>
              <Text fw={600}>{fmt.money(inv.totalCents)}</Text>
            </Paper>
          </SimpleGrid>

          <Paper withBorder p="sm" aria-label="Payment Summary" component="section">
            <Text fw={600} mb="xs">
              Payment Summary
            </Text>
            {inv.depositAppliedCents > 0 ? (
              <Paper bg="gray.0" p="xs" mb="xs" data-testid="deposit-applied">
                <Text size="sm" fw={600}>
                  Deposit Applied
                </Text>
                <Row label="Booking total (incl. GST)" value={fmt.money(inv.fullAmountCents)} />
                <Row label="Subtotal of this invoice" value={fmt.money(inv.subtotalCents)} />
                <Row label="GST of this invoice" value={fmt.money(inv.gstCents)} />
                <Row label="Deposit invoiced" value={fmt.money(inv.depositAppliedCents)} />
                <Row label="Deposit paid" value={fmt.money(inv.depositPaidCents)} />
                <Row label="Amount to pay" value={fmt.money(inv.totalCents)} />
                <Text size="xs" c="dimmed" mt={4}>
                  {fmt.money(inv.fullAmountCents)} − {fmt.money(inv.depositAppliedCents)} deposit ={' '}
                  {fmt.money(inv.totalCents)} to pay
                </Text>
              </Paper>
            ) : null}
            <Row label="Amount Paid" value={fmt.money(inv.paidCents)} />
            {inv.creditedCents > 0 ? <Row label="Credited" value={fmt.money(inv.creditedCents)} /> : null}
            <Row
              label="Balance Due"
              value={`${fmt.money(inv.balanceCents)}${inv.status === 'OVERDUE' ? ` (${inv.daysOverdue} days overdue)` : ''}`}
              color={inv.balanceCents > 0 ? 'red.8' : undefined}
            />
          </Paper>

          {detail.isError ? (
            <Alert color="red" role="alert">
              Could not load the payments: {detail.error.message}
            </Alert>
          ) : null}
          {detail.data && detail.data.payments.length > 0 ? (
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Payments
              </Text>
              <Table aria-label="Payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.data.payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{fmt.dateTime(p.processedAt)}</Table.Td>
                      <Table.Td>{p.paymentMethod}</Table.Td>
                      <Table.Td>
                        {p.kind === 'payment' ? '' : '−'}
                        {fmt.money(p.amountCents)}
                      </Table.Td>
                      <Table.Td>{p.status}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => void files.receipt(inv, p.id)}
                        >
                          {p.receiptNumber}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ) : null}
          {detail.data && detail.data.creditNotes.length > 0 ? (
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Credit notes
              </Text>
              {detail.data.creditNotes.map((c) => (
                <Row
                  key={c.id}
                  label={`${c.creditNoteNumber} · ${c.reason}`}
                  value={fmt.money(c.amountCents)}
                />
              ))}
            </Paper>
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
