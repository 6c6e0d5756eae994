import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import { depositMarkPaidSchema, type Deposit } from '@venue/contracts/money-api';
import { useBankDetails, type PaymentMethods } from '../api/hooks.ts';
import { PaymentLinkButton } from '../invoices/PaymentLinkButton.tsx';
import { useFormat } from '../shared/format.ts';
import { acceptedDepositMethods, type DepositMethod } from './deposit-filters.ts';
import type { DepositActions, DepositRow } from './DepositTable.tsx';

// With its drawer's first opening: react-hook-form is not part of the page's first paint (its budget).
const MarkPaidForm = lazy(() => import('./MarkPaidForm.tsx').then((m) => ({ default: m.MarkPaidForm })));

export function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A deposit in full, as both tabs' drawers show it: status, amounts, customer and event, what
 * the tab adds (`children`), then Mark Unpaid, or a payment reference and Mark Paid per method.
 * `locked` stands in place of those buttons where marking does not apply.
 */
export function DepositDrawerFrame<T extends DepositRow>({
  deposit: d,
  idOf,
  markPaidSchema,
  onClose,
  title,
  color,
  paidBy,
  about,
  children,
  locked,
  actions,
  methods,
}: {
  deposit: T | null;
  /** The deposit's booking or quotation: another one's drawer (or this one paid) starts blank. */
  idOf: (d: T) => string;
  /** The contract's schema of the tab's mark-paid body, which the service parses. */
  markPaidSchema: z.ZodType;
  onClose: () => void;
  title: (d: T) => string;
  color: (d: T) => string;
  paidBy?: (d: T) => string | null;
  /** The last lines of the customer panel: the booking's or quotation's own. */
  about: (d: T) => ReactNode;
  children?: (d: T) => ReactNode;
  locked?: (d: T) => ReactNode;
  actions: DepositActions<T>;
  methods: DepositMethod[];
}) {
  const fmt = useFormat();
  const method = d && paidBy ? paidBy(d) : null;
  const lockedNote = d && locked ? locked(d) : null;
  return (
    <Drawer opened={Boolean(d)} onClose={onClose} position="right" title={d ? title(d) : ''}>
      {d ? (
        <Stack>
          <Badge color={color(d)} variant="light" size="lg">
            {d.status}
          </Badge>
          <Paper withBorder p="sm">
            <Line label="Total" value={fmt.money(d.totalCents)} />
            <Line label="Deposit" value={fmt.money(d.depositCents)} />
            <Line label="Final due" value={fmt.money(d.finalDueCents)} />
            {d.paidAt ? <Line label="Paid at" value={fmt.dateTime(d.paidAt)} /> : null}
            {method ? <Line label="Paid by" value={method} /> : null}
            {d.depositInvoiceNumber ? <Line label="Deposit invoice" value={d.depositInvoiceNumber} /> : null}
          </Paper>
          <Paper withBorder p="sm">
            <Line label="Customer" value={d.customerName} />
            <Line label="E-mail" value={d.customerEmail} />
            <Line
              label="Event"
              value={`${d.eventType}, ${fmt.date(d.eventDate)} ${fmt.time(d.startTime)}–${fmt.time(d.endTime)}`}
            />
            <Line label="Resource" value={d.resource} />
            {about(d)}
          </Paper>
          {children?.(d)}
          {lockedNote || (
            <MarkDeposit
              key={idOf(d)}
              deposit={d}
              actions={actions}
              methods={methods}
              schema={markPaidSchema}
            />
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}

interface MarkProps<T> {
  deposit: T;
  actions: DepositActions<T>;
  methods: DepositMethod[];
  schema: z.ZodType;
}

/** Mark Unpaid; or Mark Paid with a reference, when the venue accepts a method to be paid by. */
function MarkDeposit<T extends DepositRow>(props: MarkProps<T>) {
  const { deposit: d, actions, methods } = props;
  if (d.depositPaid)
    return (
      <Button color="orange" variant="light" loading={actions.busy} onClick={() => void actions.unpaid(d)}>
        Mark Unpaid
      </Button>
    );
  if (methods.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No payment method is accepted yet (Settings → Payments): Mark Paid needs one.
      </Text>
    );
  return (
    <Suspense fallback={null}>
      <MarkPaidForm
        methods={methods}
        schema={props.schema}
        busy={actions.busy}
        onPaid={(body) => actions.paid(d, body)}
      />
    </Suspense>
  );
}

/** How to pay a booking's deposit: the accepted methods, the bank details and the pay link. */
function HowToPay({ deposit: d, accepted }: { deposit: Deposit; accepted: DepositMethod[] }) {
  const bank = useBankDetails();
  return (
    <Paper withBorder p="sm" component="section" aria-label="How to pay">
      <Text fw={600} size="sm" mb={4}>
        How to pay
      </Text>
      <Text size="sm">
        Accepted: {accepted.length > 0 ? accepted.join(', ') : 'none set (Settings → Payments)'}
      </Text>
      {bank.isPending ? (
        <Text size="sm" c="dimmed">
          Loading bank details...
        </Text>
      ) : bank.isError ? (
        <Alert color="red" role="alert">
          {bank.error.message}
        </Alert>
      ) : (
        <>
          <Line label="Bank" value={bank.data.bankName || '—'} />
          <Line label="Account name" value={bank.data.accountName || '—'} />
          <Line label="BSB" value={bank.data.bsb || '—'} />
          <Line label="Account number" value={bank.data.accountNumber || '—'} />
        </>
      )}
      {/* The deposit invoice's public pay page (decision 43), while it is unpaid. */}
      {d.depositInvoiceId && !d.depositPaid ? <PaymentLinkButton invoiceId={d.depositInvoiceId} /> : null}
    </Paper>
  );
}

/** The booking's deposit in full, with how to pay it (spec 03 §2.2). */
export function DepositDrawer({
  deposit,
  onClose,
  actions,
  methods,
}: {
  deposit: Deposit | null;
  onClose: () => void;
  actions: DepositActions<Deposit>;
  methods: PaymentMethods | undefined;
}) {
  const accepted = acceptedDepositMethods(methods);
  return (
    <DepositDrawerFrame
      deposit={deposit}
      idOf={(d) => d.bookingId}
      markPaidSchema={depositMarkPaidSchema}
      onClose={onClose}
      title={(d) => `Deposit — ${d.bookingCode}`}
      color={(d) => (d.depositPaid ? 'green' : 'orange')}
      about={(d) => <Line label="Booking status" value={d.bookingStatus} />}
      actions={actions}
      methods={accepted}
    >
      {(d) => <HowToPay deposit={d} accepted={accepted} />}
    </DepositDrawerFrame>
  );
}
