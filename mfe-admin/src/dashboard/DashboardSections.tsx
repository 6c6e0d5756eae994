/**
 * The Dashboard's cards (spec 01 §2): KPIs, Today's Schedule, Alerts, Activity. Payments Due and
 * Holds, the two tables, are in DashboardTables.tsx.
 */
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  DASHBOARD_MESSAGES,
  type Activity,
  type Alert,
  type Kpi,
  type ScheduleItem,
} from '@venue/contracts/insights';
import { formatDateTime, formatMoney, formatWallClock, type FormatSettings } from '@venue/ui';
import { Sparkline } from './Sparkline.tsx';
import { Empty, Section } from './SectionCard.tsx';

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
