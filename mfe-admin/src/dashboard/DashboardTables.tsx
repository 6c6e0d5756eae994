/** The Dashboard's two tables (spec 01 §2): Payments Due and Holds Expiring Soon. */
import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import {
  DASHBOARD_MESSAGES,
  expiresInWords,
  holdBadge,
  type Hold,
  type PaymentDue,
} from '@venue/contracts/insights';
import { formatMoney, type FormatSettings } from '@venue/ui';
import { shareByEmailPath } from './dashboard-api.ts';
import { Empty, Section } from './SectionCard.tsx';
import { TableHead } from '@venue/ui/table-head';

const DUE_BADGE: Record<PaymentDue['status'], string> = {
  Overdue: 'red',
  'Due Today': 'orange',
  'Due Soon': 'blue',
};

export function PaymentsDueCard({
  payments,
  settings,
  navigate,
  canRecord = true,
  canEmail = true,
  onSendLink,
  sendingLinkId = null,
  onMore,
  loadingMore = false,
}: {
  payments: PaymentDue[];
  settings: FormatSettings;
  navigate: (to: string) => void;
  /** Staff without Invoices & Payments, or without Comms, are not offered the pages they cannot open. */
  canRecord?: boolean;
  canEmail?: boolean;
  /** E-mails the invoice's payment link (decision 43); absent → the action is not offered. */
  onSendLink?: (p: PaymentDue) => void;
  sendingLinkId?: string | null;
  /** Asks the server's next page; absent on the last page. */
  onMore?: () => void;
  loadingMore?: boolean;
}) {
  return (
    <Section title="Payments Due">
      {payments.length === 0 ? (
        <Empty text={DASHBOARD_MESSAGES.noPayments} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="payments-due">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <PaymentDueRow
                  key={`${p.type}-${p.invoiceId ?? p.bookingId}`}
                  p={p}
                  settings={settings}
                  navigate={navigate}
                  canRecord={canRecord}
                  canEmail={canEmail}
                  onSendLink={onSendLink}
                  sendingLinkId={sendingLinkId}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {onMore ? (
        <Group justify="center" mt="xs">
          <Button size="compact-sm" variant="subtle" loading={loadingMore} onClick={onMore}>
            Show more
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}

type PaymentDueRowProps = {
  p: PaymentDue;
  settings: FormatSettings;
  navigate: (to: string) => void;
  canRecord: boolean;
  canEmail: boolean;
  onSendLink?: (p: PaymentDue) => void;
  sendingLinkId: string | null;
};

function PaymentDueRow(props: PaymentDueRowProps) {
  const { p, settings, navigate, canRecord } = props;
  return (
    <Table.Tr>
      <Table.Td>{p.customer}</Table.Td>
      {/* an invoice number reads as one word: never broken at its hyphens */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {p.invoiceId && canRecord ? (
          <Anchor
            href={`/invoices#${p.invoiceId}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(`/invoices#${p.invoiceId}`);
            }}
          >
            {p.invoice}
          </Anchor>
        ) : (
          p.invoice
        )}
      </Table.Td>
      <Table.Td>{p.type}</Table.Td>
      <Table.Td>
        <Badge color={DUE_BADGE[p.status]} variant="light">
          {p.status === 'Overdue' ? `Overdue ${p.daysOverdue}d` : p.status}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{formatMoney(p.amountCents, settings)}</Table.Td>
      <Table.Td>
        <PaymentDueActions {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

/** What can be done about one payment due, as far as the caller's permissions allow. */
function PaymentDueActions({
  p,
  navigate,
  canRecord,
  canEmail,
  onSendLink,
  sendingLinkId,
}: PaymentDueRowProps) {
  const record = p.invoiceId ? `/invoices#${p.invoiceId}` : '/Deposits';
  return (
    <Group gap={4} wrap="nowrap">
      {onSendLink && p.invoiceId && p.bookingId ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={sendingLinkId === p.invoiceId}
          aria-label={`Send payment link for ${p.invoice}`}
          onClick={() => onSendLink(p)}
        >
          Send payment link
        </Button>
      ) : null}
      {canRecord ? (
        <Button size="compact-xs" variant="light" onClick={() => navigate(record)}>
          Record bank payment
        </Button>
      ) : null}
      {canEmail ? (
        <Button
          size="compact-xs"
          variant="subtle"
          title={
            p.invoiceId ? `Opens Send Email with invoice ${p.invoice} attached as a PDF` : 'Opens Send Email'
          }
          onClick={() => navigate(shareByEmailPath(p))}
        >
          Share by e-mail
        </Button>
      ) : null}
    </Group>
  );
}

const HOLD_BADGE: Record<Hold['badge'], string> = {
  destructive: 'red',
  warning: 'yellow',
  secondary: 'gray',
};

/**
 * Minutes until `expiresAt` on the viewer's clock, re-read every 30 s, so a page left open shows
 * a hold's badge turn warning and then destructive as its time runs out.
 */
function useMinutesLeft(): (expiresAt: string) => number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (expiresAt) => Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 60_000));
}

export function HoldsCard({ holds, navigate }: { holds: Hold[]; navigate: (to: string) => void }) {
  const minutesLeft = useMinutesLeft();
  return (
    <Section title="Holds Expiring Soon">
      {holds.length === 0 ? (
        <Empty text={DASHBOARD_MESSAGES.noHolds} />
      ) : (
        <Table verticalSpacing="xs" data-testid="holds">
          <TableHead columns={['Customer', 'Resource', 'Expires in']} actions="Action" />
          <Table.Tbody>
            {holds.map((h) => {
              const left = minutesLeft(h.expiresAt);
              const badge = holdBadge(left);
              return (
                <Table.Tr key={h.bookingId} data-booking-code={h.booking}>
                  <Table.Td>
                    {h.customer}
                    <Text size="xs" c="dimmed">
                      {h.booking}
                    </Text>
                  </Table.Td>
                  <Table.Td>{h.resource}</Table.Td>
                  <Table.Td>
                    <Badge color={HOLD_BADGE[badge]} variant="light" data-badge={badge}>
                      {expiresInWords(left)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`View hold ${h.booking}`}
                      onClick={() => navigate('/BookingsHolds')}
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
