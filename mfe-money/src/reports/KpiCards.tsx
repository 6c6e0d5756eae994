/**
 * The six executive KPI cards (spec 03 §2.10, §3): value, change against the previous period of
 * the same length, trend, the period in words and the server's note (which says, for revenue,
 * which date it counts by).
 */
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { REPORT_KPI_KEYS, REPORTS_MESSAGES, type ExecutiveKpis } from '@venue/contracts/insights';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import type { Formatters } from '../shared/format.ts';
import { KPI_LABELS, TREND_WORDS, basisText, changeText, percent } from './report-format.ts';

type Kpi = ExecutiveKpis['kpis'][keyof ExecutiveKpis['kpis']];

/** Whether a rise is good news: for cancellations it is not. */
const RISE_IS_GOOD: Record<string, boolean> = { cancellationRate: false };

function kpiValue(kpi: Kpi, f: Formatters): string {
  if (kpi.unit === 'cents') return f.money(kpi.value);
  if (kpi.unit === 'percent') return percent(kpi.value);
  return new Intl.NumberFormat('en-AU').format(kpi.value);
}

function trendColor(key: string, kpi: Kpi): string {
  if (kpi.trend === 'neutral') return 'gray';
  const good = (kpi.trend === 'up') === (RISE_IS_GOOD[key] ?? true);
  return good ? 'green' : 'red';
}

/** Nothing happened in this period or the one before: the spec's "No KPI data available". */
export function isEmptyKpis(kpis: ExecutiveKpis): boolean {
  return REPORT_KPI_KEYS.every((k) => kpis.kpis[k].value === 0 && kpis.kpis[k].change === null);
}

const ARROWS = { up: '↑', down: '↓', neutral: '→' } as const;

export function KpiCards({ kpis, f, refresh }: { kpis: ExecutiveKpis; f: Formatters; refresh: Refetchable }) {
  if (isEmptyKpis(kpis)) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="kpis-empty">
        <Stack align="center" gap="xs">
          <Text fw={600}>{REPORTS_MESSAGES.noKpis}</Text>
          <RefreshButton queries={[refresh]} variant="light" size="xs">
            Refresh Data
          </RefreshButton>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Executive KPIs" role="list">
      {REPORT_KPI_KEYS.map((key) => {
        const kpi = kpis.kpis[key];
        const basis = kpi.basis;
        return (
          <Card key={key} withBorder radius="md" padding="md" role="listitem" data-testid={`kpi-${key}`}>
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={500}>
                {KPI_LABELS[key]}
              </Text>
              <Text fz={26} fw={700} data-testid="kpi-value">
                {kpiValue(kpi, f)}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Badge color={trendColor(key, kpi)} variant="light" data-trend={kpi.trend}>
                  <span aria-hidden="true">{ARROWS[kpi.trend]} </span>
                  {TREND_WORDS[kpi.trend]}
                </Badge>
                <Text size="xs" data-testid="kpi-change">
                  {changeText(kpi.change)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {kpi.period}
              </Text>
              {basis ? (
                <Text size="xs" c="dimmed">
                  {basisText(basis)}
                </Text>
              ) : null}
              {kpi.note ? (
                <Text size="xs" c="dimmed">
                  {kpi.note}
                </Text>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
