import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Group, Menu, Pagination, Table, Text } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState, idempotencyKeys } from '@venue/ui';
import type { Deposit } from '@venue/contracts/money-api';
import { useMarkDepositPaid, useMarkDepositUnpaid, usePaymentMethods } from '../api/hooks.ts';
import { useFormat } from '../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';
import { acceptedDepositMethods, type DepositFilter, type DepositMethod } from './deposit-filters.ts';
import { DepositDrawer } from './DepositDrawer.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { DEPOSIT_PAGE_SIZE, useDepositPage, useDepositSummary } from './useDepositList.ts';

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

export type DepositActions = ReturnType<typeof useDepositActions>;

function MarkPaidMenu({
  deposit,
  methods,
  actions,
}: {
  deposit: Deposit;
  methods: DepositMethod[];
  actions: DepositActions;
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

/** The "Web & Admin Bookings" tab: confirmed bookings with a deposit (spec 03 §2.2). */
export function BookingDepositsTab({ search, filter }: { search: string; filter: DepositFilter }) {
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  // A new search or filter starts again at page 1.
  useEffect(() => setPage(1), [search, filter]);
  const deposits = useDepositPage(search, filter, page);
  const summary = useDepositSummary('bookings');
  const methodsQuery = usePaymentMethods();
  const actions = useDepositActions();
  const [openId, setOpenId] = useState<string | null>(null);
  // The deposit last opened: its drawer stays when another page no longer lists it.
  const [opened, setOpened] = useState<Deposit | null>(null);
  const rows = useMemo(() => deposits.data?.items ?? [], [deposits.data]);
  const pages = Math.max(1, Math.ceil((deposits.data?.total ?? 0) / DEPOSIT_PAGE_SIZE));
  const methods = acceptedDepositMethods(methodsQuery.data);
  const open = (openId && (rows.find((d) => d.bookingId === openId) ?? opened)) || null;

  return (
    <>
      <SummaryCards summary={summary.data} noun={['booking', 'bookings']} tab="Bookings" />
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
                        onClick={() => {
                          setOpened(d);
                          setOpenId(d.bookingId);
                        }}
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
      {pages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      ) : null}
      <DepositDrawer
        deposit={open}
        onClose={() => setOpenId(null)}
        actions={actions}
        methods={methodsQuery.data}
      />
    </>
  );
}
