/** The Dashboard's cards (spec 01 §2): KPIs, Today's Schedule, Payments Due, Holds, Alerts, Activity. */
import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  DASHBOARD_MESSAGES,
  expiresInWords,
  holdBadge,
  type Activity,
  type Alert,
  type Hold,
  type Kpi,
  type PaymentDue,
  type ScheduleItem,
} from '@venue/contracts/insights';
import { formatDateTime, formatMoney, formatWallClock, type FormatSettings } from '@venue/ui';
import { Sparkline } from './Sparkline.tsx';
import { shareByEmailPath } from './dashboard-api.ts';

/** Whether a rise is good news: more cancellations or more owed is not. */
const RISE_IS_BAD = new Set<Kpi['key']>(['paymentsDue', 'cancellations30d', 'holdsExpiring']);

export function kpiText(kpi: Pick<Kpi, 'unit'>, value: number, settings: FormatSettings): string {
  if (kpi.unit === 'percent') return `${value.toFixed(1)}%`;
  if (kpi.unit === 'cents') return formatMoney(value, settings);
  return String(value);
}

function deltaText(kpi: Kpi, settings: FormatSettings): string {
  if (kpi.deltaType === 'neutral') return 'No change';
  const sign = kpi.delta > 0 ? '+' : '−';
  const size = Math.abs(kpi.delta);
  if (kpi.unit === 'percent') return `${sign}${size.toFixed(1)} pts`;
  if (kpi.unit === 'cents') return `${sign}${formatMoney(size, settings)}`;
  return `${sign}${size}`;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {text}
    </Text>
  );
}

/** An "i" in a circle, drawn as SVG (a text glyph has no font in Debian's Chromium). */
function InfoIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden
      focusable={false}
    >
      <circle cx={12} cy={12} r={9} />
      <path d="M12 11v5M12 8h.01" />
    </svg>
  );
}

export function KpiCard({ kpi, settings }: { kpi: Kpi; settings: FormatSettings }) {
  const good =
    kpi.deltaType === 'neutral' ? null : (kpi.deltaType === 'increase') !== RISE_IS_BAD.has(kpi.key);
  const color = good === null ? 'gray' : good ? 'green' : 'red';
  return (
    <Card withBorder radius="md" padding="md" data-testid={`kpi-${kpi.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={500}>
          {kpi.title}
        </Text>
        <Tooltip
          label={kpi.note}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${kpi.title}: ${kpi.note}`}>
            <InfoIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" align="flex-end" mt={4} wrap="nowrap">
        <Stack gap={4}>
          <Text fz={26} fw={700} data-testid="kpi-value">
            {kpiText(kpi, kpi.value, settings)}
          </Text>
          <Badge
            color={color}
            variant="light"
            data-delta={kpi.deltaType}
            title={`Previous period: ${kpiText(kpi, kpi.previous, settings)}`}
          >
            {deltaText(kpi, settings)}
          </Badge>
        </Stack>
        <Sparkline
          values={kpi.sparkline}
          labels={kpi.sparklineLabels}
          describe={(v) => kpiText(kpi, v, settings)}
        />
      </Group>
    </Card>
  );
}

const STATUS_BADGE: Record<ScheduleItem['status'], { color: string; label: string }> = {
  confirmed: { color: 'green', label: 'Confirmed' },
  tentative: { color: 'yellow', label: 'Tentative' },
  'block-out': { color: 'gray', label: 'Block-out' },
};

export function ScheduleCard({
  items,
  settings,
  title,
}: {
  items: ScheduleItem[];
  settings: FormatSettings;
  title: string;
}) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <Empty text={DASHBOARD_MESSAGES.noSchedule} />
      ) : (
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="schedule"
        >
          {items.map((i) => (
            <Group
              key={`${i.bookingId ?? i.blockoutId}-${i.resourceId}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              data-booking-code={i.bookingCode ?? undefined}
            >
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600} w={130} style={{ flexShrink: 0 }}>
                  {formatWallClock(i.time, settings)} – {formatWallClock(i.endTime, settings)}
                </Text>
                <Stack gap={0}>
                  <Text size="sm">{i.title}</Text>
                  <Text size="xs" c="dimmed">
                    {i.resource}
                    {i.bookingCode ? ` · ${i.bookingCode}` : ''}
                  </Text>
                </Stack>
              </Group>
              <Badge color={STATUS_BADGE[i.status].color} variant="light">
                {STATUS_BADGE[i.status].label}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

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
              {payments.map((p) => {
                const record = p.invoiceId ? `/invoices#${p.invoiceId}` : '/Deposits';
                return (
                  <Table.Tr key={`${p.type}-${p.invoiceId ?? p.bookingId}`}>
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
                              p.invoiceId
                                ? `Opens Send Email with invoice ${p.invoice} attached as a PDF`
                                : 'Opens Send Email'
                            }
                            onClick={() => navigate(shareByEmailPath(p))}
                          >
                            Share by e-mail
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
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
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Resource</Table.Th>
              <Table.Th>Expires in</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
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

const ALERT_BADGE: Record<Alert['type'], { color: string; label: string }> = {
  conflict: { color: 'red', label: 'Conflict' },
  doc: { color: 'orange', label: 'Documents' },
  payment: { color: 'yellow', label: 'Payment' },
  webhook: { color: 'grape', label: 'E-mail failed' },
};

export function AlertsCard({
  alerts,
  busyKey,
  onAction,
}: {
  alerts: Alert[];
  busyKey: string | null;
  onAction: (key: string, verb: 'resolve' | 'dismiss') => void;
}) {
  return (
    <Section title="Alerts & Tasks">
      {alerts.length === 0 ? (
        <Empty text={DASHBOARD_MESSAGES.noAlerts} />
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="alerts"
        >
          {alerts.map((a) => (
            <Group key={a.key} component="li" justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={ALERT_BADGE[a.type].color} variant="light" style={{ flexShrink: 0 }}>
                  {ALERT_BADGE[a.type].label}
                </Badge>
                <Text size="sm">{a.text}</Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="light"
                  color="green"
                  loading={busyKey === a.key}
                  aria-label={`Resolve: ${a.text}`}
                  onClick={() => onAction(a.key, 'resolve')}
                >
                  Resolve
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  disabled={busyKey === a.key}
                  aria-label={`Dismiss: ${a.text}`}
                  onClick={() => onAction(a.key, 'dismiss')}
                >
                  Dismiss
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export function ActivityCard({
  activities,
  settings,
  navigate,
}: {
  activities: Activity[];
  settings: FormatSettings;
  navigate: (to: string) => void;
}) {
  return (
    <Section
      title="Recent Activity"
      action={
        <Anchor
          href="/Audit"
          size="sm"
          onClick={(e) => {
            e.preventDefault();
            navigate('/Audit');
          }}
        >
          View audit log
        </Anchor>
      }
    >
      {activities.length === 0 ? (
        <Empty text={DASHBOARD_MESSAGES.noActivity} />
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="activity"
        >
          {activities.map((a) => (
            <Stack key={a.id} gap={0} component="li">
              <Text size="sm">{a.text}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(a.at, settings)} · {a.actor}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
