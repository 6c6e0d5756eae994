/** The sections of an invoice's panel: its facts, lines, payment summary, payments and credit notes. */
import { Accordion, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useSession } from '@venue/ui';
import type { Invoice, InvoiceDetail } from '@venue/contracts/money-api';
import { useFormat } from '../shared/format.ts';
import { STATUS_COLORS } from '../shared/labels.ts';
import { TableHead } from '@venue/ui/table-head';

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

/** Summary, Parties and Details, open at first. */
export function InvoiceFacts({ inv }: { inv: Invoice }) {
  const fmt = useFormat();
  const { hallName } = useSession();
  return (
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
  );
}

/** The lines with their GST, and the invoice's totals as stored. */
export function InvoiceLines({ inv }: { inv: Invoice }) {
  const fmt = useFormat();
  return (
    <>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Description & GST Breakdown
        </Text>
        <Table aria-label="Invoice lines">
          <TableHead columns={['Description', 'Qty', 'GST', 'Amount']} />
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
    </>
  );
}

/** What was paid and what is due, with the deposit taken off a final invoice. */
export function PaymentSummary({ inv }: { inv: Invoice }) {
  const fmt = useFormat();
  return (
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
  );
}

/** The payments (each with its receipt) and the credit notes, once the detail has loaded. */
export function PaymentsAndCredits({
  detail,
  onReceipt,
}: {
  detail: InvoiceDetail;
  onReceipt: (paymentId: string) => void;
}) {
  const fmt = useFormat();
  return (
    <>
      {detail.payments.length > 0 ? (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            Payments
          </Text>
          <Table aria-label="Payments">
            <TableHead columns={['Date', 'Method', 'Amount', 'Status', 'Receipt']} />
            <Table.Tbody>
              {detail.payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{fmt.dateTime(p.processedAt)}</Table.Td>
                  <Table.Td>{p.paymentMethod}</Table.Td>
                  <Table.Td>
                    {p.kind === 'payment' ? '' : '−'}
                    {fmt.money(p.amountCents)}
                  </Table.Td>
                  <Table.Td>{p.status}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => onReceipt(p.id)}>
                      {p.receiptNumber}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {detail.creditNotes.length > 0 ? (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            Credit notes
          </Text>
          {detail.creditNotes.map((c) => (
            <Row key={c.id} label={`${c.creditNoteNumber} · ${c.reason}`} value={fmt.money(c.amountCents)} />
          ))}
        </Paper>
      ) : null}
    </>
  );
}
