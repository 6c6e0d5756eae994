import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { EmptyState, ErrorState, LoadingState, idempotencyKeys } from '@venue/ui';
import { QUOTATION_DEPOSIT_MESSAGES as M, type QuotationDeposit } from '@venue/contracts/money-api';
import { usePaymentMethods } from '../api/hooks.ts';
import { useFormat } from '../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';
import { acceptedDepositMethods, type DepositFilter, type DepositMethod } from './deposit-filters.ts';
import { Line } from './DepositDrawer.tsx';
import { useMarkQuotationDeposit } from './quotation-deposit-hooks.ts';
import { SummaryCards } from './SummaryCards.tsx';
import { DEPOSIT_PAGE_SIZE, useDepositSummary, useQuotationDepositPage } from './useDepositList.ts';

const SHORT: Record<DepositMethod, string> = { 'Bank Transfer': 'Bank', Cash: 'Cash', Cheque: 'Cheque' };
/** The quotation's short name in the table (its id is a uuid): the first block, as a person reads it. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Mark Paid / Mark Unpaid of a quotation's deposit. The Idempotency-Key follows the content and
 * how many changes this page has made to that quotation, so a double click or a retry is one
 * change while Paid → Unpaid → Paid again is three.
 */
function useQuotationDepositActions() {
  const mark = useMarkQuotationDeposit();
  const [keyFor] = useState(idempotencyKeys);
  const changes = useRef(new Map<string, number>());
  const fmt = useFormat();
  const run = async (
    d: QuotationDeposit,
    paid: { paymentMethod: DepositMethod; reference?: string } | null,
  ) => {
    const n = changes.current.get(d.quotationId) ?? 0;
    try {
      await mark.mutateAsync({
        id: d.quotationId,
        paid,
        key: keyFor({ quotation: d.quotationId, paid, n }),
      });
      changes.current.set(d.quotationId, n + 1);
      toastSuccess(
        paid
          ? `Deposit of ${fmt.money(d.depositCents)} for quotation ${shortId(d.quotationId)} marked paid (${paid.paymentMethod}).`
          : `Deposit for quotation ${shortId(d.quotationId)} marked unpaid.`,
      );
    } catch (error) {
      toastError(errorText(error));
    }
  };
  return {
    busy: mark.isPending,
    paid: (d: QuotationDeposit, paymentMethod: DepositMethod, reference?: string) =>
      run(d, { paymentMethod, reference: reference?.trim() || undefined }),
    unpaid: (d: QuotationDeposit) => run(d, null),
  };
}
type Actions = ReturnType<typeof useQuotationDepositActions>;

function RowAction({
  d,
  methods,
  actions,
}: {
  d: QuotationDeposit;
  methods: DepositMethod[];
  actions: Actions;
}) {
  const label = shortId(d.quotationId);
  // Accepted: the booking's deposit invoice holds it (Web & Admin Bookings tab); Declined: history.
  if (!d.markable)
    return (
      <Text size="xs" c="dimmed">
        {d.quotationStatus === 'Accepted' ? 'On the booking' : '—'}
      </Text>
    );
  if (d.depositPaid)
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        loading={actions.busy}
        onClick={() => void actions.unpaid(d)}
        aria-label={`Mark Unpaid ${label}`}
      >
        Mark Unpaid
      </Button>
    );
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <Button size="xs" loading={actions.busy} aria-label={`Mark Paid ${label}`}>
          Mark Paid
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Paid by</Menu.Label>
        {methods.map((m) => (
          <Menu.Item key={m} onClick={() => void actions.paid(d, m)}>
            {m}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

const statusColor = (d: QuotationDeposit) =>
  d.depositPaid
    ? 'green'
    : d.quotationStatus === 'Declined' || d.quotationStatus === 'Expired'
      ? 'gray'
      : 'orange';

/** The "Quotations" tab: quotations with a deposit above 0 (spec 03 §2.2). */
export function QuotationDepositsTab({ search, filter }: { search: string; filter: DepositFilter }) {
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  // A new search or filter starts again at page 1.
  useEffect(() => setPage(1), [search, filter]);
  const list = useQuotationDepositPage(search, filter, page);
  const summary = useDepositSummary('quotations');
  const methodsQuery = usePaymentMethods();
  const actions = useQuotationDepositActions();
  const [openId, setOpenId] = useState<string | null>(null);
  // The deposit last opened: its drawer stays when another page no longer lists it.
  const [opened, setOpened] = useState<QuotationDeposit | null>(null);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / DEPOSIT_PAGE_SIZE));
  const methods = acceptedDepositMethods(methodsQuery.data);
  const open = (openId && (rows.find((d) => d.quotationId === openId) ?? opened)) || null;

  return (
    <>
      <SummaryCards summary={summary.data} noun={['quotation', 'quotations']} tab="Quotations" />
      {list.isPending ? (
        <LoadingState label={M.loading} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            (summary.data?.total.count ?? 0) === 0
              ? M.empty
              : 'No quotation deposits match the search or filter.'
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table striped highlightOnHover aria-label="Quotation deposits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quotation</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Resource</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Deposit</Table.Th>
                <Table.Th>Final Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.quotationId} data-testid="quotation-deposit-row">
                  <Table.Td>
                    <Text size="sm" ff="monospace" title={d.quotationId}>
                      {shortId(d.quotationId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.customerName}</Text>
                    <Text size="xs" c="dimmed">
                      {d.customerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.eventType}</Text>
                    <Text size="xs" c="dimmed">
                      {fmt.date(d.eventDate)} {fmt.time(d.startTime)}–{fmt.time(d.endTime)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.resource}</Table.Td>
                  <Table.Td>{fmt.money(d.totalCents)}</Table.Td>
                  <Table.Td>{fmt.money(d.depositCents)}</Table.Td>
                  <Table.Td>{fmt.money(d.finalDueCents)}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(d)} variant="light">
                      {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction d={d} methods={methods} actions={actions} />
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => {
                          setOpened(d);
                          setOpenId(d.quotationId);
                        }}
                        aria-label={`Details of quotation ${shortId(d.quotationId)}`}
                      >
                        Details
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      ) : null}
      <QuotationDepositDrawer
        deposit={open}
        onClose={() => setOpenId(null)}
        actions={actions}
        methods={methods}
      />
    </>
  );
}

/** The quotation's deposit in full: totals, customer, event, resource and status (spec 03 §2.2). */
function QuotationDepositDrawer({
  deposit: d,
  onClose,
  actions,
  methods,
}: {
  deposit: QuotationDeposit | null;
  onClose: () => void;
  actions: Actions;
  methods: DepositMethod[];
}) {
  const fmt = useFormat();
  const [reference, setReference] = useState('');
  return (
    <Drawer
      opened={Boolean(d)}
      onClose={onClose}
      position="right"
      title={d ? `Deposit — quotation ${shortId(d.quotationId)}` : ''}
    >
      {d ? (
        <Stack>
          <Badge color={statusColor(d)} variant="light" size="lg">
            {d.status}
          </Badge>
          <Paper withBorder p="sm">
            <Line label="Total" value={fmt.money(d.totalCents)} />
            <Line label="Deposit" value={fmt.money(d.depositCents)} />
            <Line label="Final due" value={fmt.money(d.finalDueCents)} />
            {d.paidAt ? <Line label="Paid at" value={fmt.dateTime(d.paidAt)} /> : null}
            {d.paymentMethod ? <Line label="Paid by" value={d.paymentMethod} /> : null}
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
            <Line label="Quotation status" value={d.quotationStatus} />
            <Line label="Quotation" value={d.quotationId} />
          </Paper>
          {!d.markable ? (
            <Alert color="blue" role="status">
              {d.quotationStatus === 'Accepted' ? M.accepted : M.declined}
            </Alert>
          ) : d.depositPaid ? (
            <Button
              color="orange"
              variant="light"
              loading={actions.busy}
              onClick={() => void actions.unpaid(d)}
            >
              Mark Unpaid
            </Button>
          ) : (
            <>
              <TextInput
                label="Payment reference (optional)"
                value={reference}
                maxLength={200}
                onChange={(e) => setReference(e.currentTarget.value)}
              />
              <Group>
                {methods.map((m) => (
                  <Button key={m} loading={actions.busy} onClick={() => void actions.paid(d, m, reference)}>
                    Mark Paid ({SHORT[m]})
                  </Button>
                ))}
              </Group>
            </>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
