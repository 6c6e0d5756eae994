import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { EmptyState, ErrorState, LoadingState, PageHeader, idempotencyKeys } from '@venue/ui';
import type { Deposit } from '@venue/contracts/money-api';
import {
  useBankDetails,
  useDeposits,
  useMarkDepositPaid,
  useMarkDepositUnpaid,
  usePaymentMethods,
  type PaymentMethods,
} from '../api/hooks.ts';
import { useFormat } from '../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';
import {
  FILTER_CYCLE,
  acceptedDepositMethods,
  nextFilter,
  searchDeposits,
  summarise,
  type DepositFilter,
  type DepositMethod,
} from './deposit-filters.ts';

const SHORT: Record<DepositMethod, string> = { 'Bank Transfer': 'Bank', Cash: 'Cash', Cheque: 'Cheque' };

/** Mark Paid / Mark Unpaid with one Idempotency-Key per page and content, so a double click acts once. */
function useDepositActions() {
  const markPaid = useMarkDepositPaid();
  const markUnpaid = useMarkDepositUnpaid();
  const [keyFor] = useState(idempotencyKeys);
  const fmt = useFormat();
  return {
    busy: markPaid.isPending || markUnpaid.isPending,
    async paid(d: Deposit, paymentMethod: DepositMethod, reference?: string) {
      const body = { paymentMethod, reference: reference?.trim() || undefined };
      try {
        await markPaid.mutateAsync({
          bookingId: d.bookingId,
          body,
          key: keyFor({ paid: d.bookingId, ...body, at: d.lastPaymentId }),
        });
        toastSuccess(
          `Deposit of ${fmt.money(d.depositCents)} for ${d.bookingCode} marked paid (${paymentMethod}).`,
        );
      } catch (error) {
        toastError(errorText(error));
      }
    },
    async unpaid(d: Deposit) {
      try {
        await markUnpaid.mutateAsync({
          bookingId: d.bookingId,
          key: keyFor({ unpaid: d.bookingId, at: d.lastPaymentId }),
        });
        toastSuccess(`Deposit for ${d.bookingCode} marked unpaid.`);
      } catch (error) {
        toastError(errorText(error));
      }
    },
  };
}

type Actions = ReturnType<typeof useDepositActions>;

function MarkPaidMenu({
  deposit,
  methods,
  actions,
}: {
  deposit: Deposit;
  methods: DepositMethod[];
  actions: Actions;
}) {
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <Button size="xs" loading={actions.busy} aria-label={`Mark Paid ${deposit.bookingCode}`}>
          Mark Paid
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Paid by</Menu.Label>
        {methods.map((m) => (
          <Menu.Item key={m} onClick={() => void actions.paid(deposit, m)}>
            {m}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function DepositsPage() {
  const fmt = useFormat();
  const deposits = useDeposits();
  const methodsQuery = usePaymentMethods();
  const actions = useDepositActions();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<DepositFilter>('All');
  const [openId, setOpenId] = useState<string | null>(null);
  const all = useMemo(() => deposits.data ?? [], [deposits.data]);
  const rows = useMemo(() => searchDeposits(all, search, filter), [all, search, filter]);
  const summary = useMemo(() => summarise(all), [all]);
  const methods = acceptedDepositMethods(methodsQuery.data);
  const open = all.find((d) => d.bookingId === openId) ?? null;

  return (
    <>
      <PageHeader
        title="Deposits"
        actions={
          <Button
            variant="default"
            onClick={() => void deposits.refetch()}
            loading={deposits.isFetching && !deposits.isPending}
          >
            Refresh
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        {(
          [
            ['TOTAL DEPOSITS', summary.total],
            ['PAID', summary.paid],
            ['UNPAID', summary.unpaid],
          ] as const
        ).map(([label, s]) => (
          <Paper key={label} withBorder p="sm" component="section" aria-label={label}>
            <Text size="xs" c="dimmed" fw={700}>
              {label}
            </Text>
            <Text fw={700}>{fmt.money(s.cents)}</Text>
            <Text size="xs" c="dimmed">
              {s.count} {s.count === 1 ? 'booking' : 'bookings'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group mb="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Booking, customer, email, resource"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && setSearch('')}
          w={320}
        />
        <Button
          variant="default"
          onClick={() => setFilter(nextFilter(filter))}
          aria-label={`Filter: ${filter}. Click for ${nextFilter(filter)}`}
        >
          Filter: {filter}
        </Button>
        <Text size="xs" c="dimmed">
          Cycles {FILTER_CYCLE.join(' → ')}
        </Text>
      </Group>
      <Text fw={600} mb="xs" component="h2" fz="md">
        Web & Admin Bookings
      </Text>
      {deposits.isPending ? (
        <LoadingState label="Loading deposits..." />
      ) : deposits.isError ? (
        <ErrorState message={deposits.error.message} onRetry={() => void deposits.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No deposits found." />
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table striped highlightOnHover aria-label="Booking deposits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Booking</Table.Th>
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
                <Table.Tr key={d.bookingId} data-testid="deposit-row">
                  <Table.Td>{d.bookingCode}</Table.Td>
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
                    <Badge color={d.depositPaid ? 'green' : 'orange'} variant="light">
                      {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {d.depositPaid ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="orange"
                          loading={actions.busy}
                          onClick={() => void actions.unpaid(d)}
                          aria-label={`Mark Unpaid ${d.bookingCode}`}
                        >
                          Mark Unpaid
                        </Button>
                      ) : (
                        <MarkPaidMenu deposit={d} methods={methods} actions={actions} />
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setOpenId(d.bookingId)}
                        aria-label={`Details of ${d.bookingCode}`}
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
      <DepositDrawer
        deposit={open}
        onClose={() => setOpenId(null)}
        actions={actions}
        methods={methodsQuery.data}
      />
    </>
  );
}

function Line({ label, value }: { label: string; value: string }) {
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

/** The booking's deposit in full, with how to pay it (spec 03 §2.2). */
function DepositDrawer({
  deposit: d,
  onClose,
  actions,
  methods,
}: {
  deposit: Deposit | null;
  onClose: () => void;
  actions: Actions;
  methods: PaymentMethods | undefined;
}) {
  const fmt = useFormat();
  const bank = useBankDetails(Boolean(d));
  const [reference, setReference] = useState('');
  const accepted = acceptedDepositMethods(methods);
  return (
    <Drawer
      opened={Boolean(d)}
      onClose={onClose}
      position="right"
      title={d ? `Deposit — ${d.bookingCode}` : ''}
    >
      {d ? (
        <Stack>
          <Badge color={d.depositPaid ? 'green' : 'orange'} variant="light" size="lg">
            {d.status}
          </Badge>
          <Paper withBorder p="sm">
            <Line label="Total" value={fmt.money(d.totalCents)} />
            <Line label="Deposit" value={fmt.money(d.depositCents)} />
            <Line label="Final due" value={fmt.money(d.finalDueCents)} />
            {d.paidAt ? <Line label="Paid at" value={fmt.dateTime(d.paidAt)} /> : null}
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
            <Line label="Booking status" value={d.bookingStatus} />
          </Paper>
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
          </Paper>
          {d.depositPaid ? (
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
                {accepted.map((m) => (
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
