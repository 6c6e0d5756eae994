import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Menu, Pagination, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState, RefreshFailedNotice } from '@venue/ui';
import { BreakableEmail } from '@venue/ui/breakable-email';
import { TwoLineCell } from '@venue/ui/two-line-cell';
import { useFormat } from '../shared/format.ts';
import type { DepositMethod } from './deposit-filters.ts';
import { DEPOSIT_PAGE_SIZE } from './useDepositList.ts';

const HEADERS = ['Customer', 'Event', 'Resource', 'Total', 'Deposit', 'Final Due', 'Status', 'Actions'];

/** What both tabs' rows (a booking's deposit, a quotation's deposit) have in common. */
export interface DepositRow {
  customerName: string;
  customerEmail: string;
  eventType: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  resource: string;
  totalCents: number;
  depositCents: number;
  finalDueCents: number;
  status: string;
  depositPaid: boolean;
  paidAt: string | null;
  depositInvoiceNumber: string | null;
}

/** What Mark Paid sends: how it was paid and, from the drawer, the payment's reference. */
export interface MarkPaidBody {
  paymentMethod: DepositMethod;
  reference?: string;
}

/** Mark Paid / Mark Unpaid of one tab's rows; each says how it went in a toast. */
export interface DepositActions<T> {
  busy: boolean;
  /** Rejects with the refusal, once toasted, so a form can put it on its fields. */
  paid: (d: T, body: MarkPaidBody) => Promise<void>;
  unpaid: (d: T) => Promise<void>;
}

/** A refusal the action has already toasted: a row has nothing more to say of it. */
export const toasted = () => undefined;

/** The tab's page number; a new search or filter starts again at page 1. */
export function useTabPage(search: string, filter: string) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [search, filter]);
  return [page, setPage] as const;
}

/** A row's Mark Unpaid button, or its Mark Paid menu of the accepted methods. */
export function MarkButtons<T extends DepositRow>({
  deposit,
  label,
  methods,
  actions,
}: {
  deposit: T;
  /** How the row is named in the buttons' accessible names. */
  label: string;
  methods: DepositMethod[];
  actions: DepositActions<T>;
}) {
  if (deposit.depositPaid)
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        loading={actions.busy}
        onClick={() => void actions.unpaid(deposit)}
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
          <Menu.Item key={m} onClick={() => void actions.paid(deposit, { paymentMethod: m }).catch(toasted)}>
            {m}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The deposit whose drawer is open: the listed copy, else the one last opened (its drawer stays when another page no longer lists it). */
function useOpenDeposit<T>(rows: T[], idOf: (d: T) => string) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<T | null>(null);
  const open = (openId && (rows.find((d) => idOf(d) === openId) ?? opened)) || null;
  const openDeposit = (d: T) => {
    setOpened(d);
    setOpenId(idOf(d));
  };
  return { open, openDeposit, close: () => setOpenId(null) };
}

interface DepositTableProps<T> {
  list: UseQueryResult<{ items: T[]; total: number | null }>;
  page: number;
  onPage: (page: number) => void;
  loadingLabel: string;
  emptyTitle: string;
  tableLabel: string;
  rowTestId: string;
  idOf: (d: T) => string;
  /** The first column: its header and cell. */
  first: { header: string; cell: (d: T) => ReactNode };
  statusColor: (d: T) => string;
  action: (d: T) => ReactNode;
  detailsLabel: (d: T) => string;
  drawer: (open: T | null, onClose: () => void) => ReactNode;
}

/**
 * One Deposits tab below its cards: loading, error and empty states, the table, its pages and
 * the drawer of the row last opened (spec 03 §2.2). The tabs differ only in their first column,
 * status colour, row action and drawer, which they pass in.
 */
export function DepositTable<T extends DepositRow>({
  list,
  page,
  onPage,
  loadingLabel,
  emptyTitle,
  tableLabel,
  rowTestId,
  idOf,
  first,
  statusColor,
  action,
  detailsLabel,
  drawer,
}: DepositTableProps<T>) {
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / DEPOSIT_PAGE_SIZE));
  const { open, openDeposit, close } = useOpenDeposit(rows, idOf);

  return (
    <>
      {/* a refresh that failed (after Mark Paid, say) keeps the rows read before (issue 24 item 9) */}
      {list.isError && list.data ? (
        <RefreshFailedNotice message={list.error.message} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : list.isError && !list.data ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table striped highlightOnHover aria-label={tableLabel}>
            <Table.Thead>
              <Table.Tr>
                {[first.header, ...HEADERS].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <DepositTableRow
                  key={idOf(d)}
                  deposit={d}
                  testId={rowTestId}
                  first={first.cell(d)}
                  statusColor={statusColor(d)}
                  action={action(d)}
                  detailsLabel={detailsLabel(d)}
                  onDetails={() => openDeposit(d)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
        </Group>
      ) : null}
      {drawer(open, close)}
    </>
  );
}

/** One deposit: the tab's first column, the customer, event and stored figures, its action and Details. */
function DepositTableRow({
  deposit: d,
  testId,
  first,
  statusColor,
  action,
  detailsLabel,
  onDetails,
}: {
  deposit: DepositRow;
  testId: string;
  first: ReactNode;
  statusColor: string;
  action: ReactNode;
  detailsLabel: string;
  onDetails: () => void;
}) {
  const fmt = useFormat();
  return (
    <Table.Tr data-testid={testId}>
      {/* a booking code or quotation number reads as one word: never broken at its hyphens */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{first}</Table.Td>
      <TwoLineCell under={<BreakableEmail email={d.customerEmail} />}>{d.customerName}</TwoLineCell>
      <TwoLineCell under={`${fmt.date(d.eventDate)} ${fmt.time(d.startTime)}–${fmt.time(d.endTime)}`}>
        {d.eventType}
      </TwoLineCell>
      <Table.Td>{d.resource}</Table.Td>
      <Table.Td>{fmt.money(d.totalCents)}</Table.Td>
      <Table.Td>{fmt.money(d.depositCents)}</Table.Td>
      <Table.Td>{fmt.money(d.finalDueCents)}</Table.Td>
      <Table.Td>
        <Badge color={statusColor} variant="light">
          {d.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {action}
          <Button size="xs" variant="subtle" onClick={onDetails} aria-label={detailsLabel}>
            Details
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
