/**
 * Resource Utilisation (spec 03 §2.10, §9): per resource, a weekday × hour heatmap from 06:00 to
 * 22:00 against opening hours, banded 80 %+ green, 60–79 yellow, 40–59 orange, below 40 red;
 * hours that include buffer time carry a marker; an expandable table gives each day's peak hour,
 * peak rate, average rate and low hour. The heatmap is a real table, so it reads cell by cell.
 */
import { useState } from 'react';
import { Badge, Button, Collapse, Group, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { REPORTS_MESSAGES, type ResourceUtilisation } from '@venue/contracts/insights';
import type { Formatters } from '../shared/format.ts';
import { Panel } from './Panel.tsx';
import { percent } from './report-format.ts';

type Resource = ResourceUtilisation['utilisationData'][number];
type Day = Resource['data'][number];

/** Spec 03 §9 heatmap bands (background, with dark text for contrast). */
export function band(rate: number): { color: string; name: string } {
  if (rate >= 80) return { color: 'var(--mantine-color-green-2)', name: '80% or more' };
  if (rate >= 60) return { color: 'var(--mantine-color-yellow-2)', name: '60 to 79%' };
  if (rate >= 40) return { color: 'var(--mantine-color-orange-2)', name: '40 to 59%' };
  return { color: 'var(--mantine-color-red-2)', name: 'below 40%' };
}

/** The server says a day is closed all day with a null peak hour: grey, not the red of 0 %. */
const CLOSED = 'var(--mantine-color-gray-2)';
export const isClosed = (d: Day): boolean => d.peakHour === null;

export interface DayStats {
  day: string;
  peakHour: number | null;
  peakRate: number;
  averageRate: number;
  lowHour: number | null;
}

/**
 * A day's peak hour and rate, average rate and low hour: the server's when it sends them (it
 * knows which hours are closed), else from the hours shown (the first hour wins a tie).
 */
export function dayStats(d: Day): DayStats {
  if (d.peakRate !== undefined && d.averageRate !== undefined) {
    return {
      day: d.day,
      peakHour: d.peakHour ?? null,
      peakRate: d.peakRate,
      averageRate: d.averageRate,
      lowHour: d.lowHour ?? null,
    };
  }
  const hours = d.utilisation;
  if (hours.length === 0) return { day: d.day, peakHour: null, peakRate: 0, averageRate: 0, lowHour: null };
  let peak = hours[0]!;
  let low = hours[0]!;
  for (const h of hours) {
    if (h.rate > peak.rate) peak = h;
    if (h.rate < low.rate) low = h;
  }
  const average = hours.reduce((s, h) => s + h.rate, 0) / hours.length;
  return { day: d.day, peakHour: peak.hour, peakRate: peak.rate, averageRate: average, lowHour: low.hour };
}

const hourText = (f: Formatters, h: number | null) => (h === null ? '—' : f.time(`${h}:00`));

export function UtilisationPanel({ data, f }: { data: ResourceUtilisation; f: Formatters }) {
  const resources = data.utilisationData;
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const resource = resources.find((r) => r.resourceId === chosen) ?? resources[0];
  const hours = resource?.data[0]?.utilisation.map((u) => u.hour) ?? [];
  return (
    <Panel
      title="Resource Utilisation"
      caption="Booked hours against opening hours, 06:00 to 22:00"
      empty={resource ? null : REPORTS_MESSAGES.noUtilisation}
      testId="panel-utilisation"
      actions={
        resources.length > 0 ? (
          <Select
            label="Resource"
            size="xs"
            w={220}
            allowDeselect={false}
            value={resource?.resourceId ?? null}
            onChange={setChosen}
            data={resources.map((r) => ({ value: r.resourceId, label: r.name }))}
          />
        ) : null
      }
    >
      {resource ? (
        <>
          <Heatmap resource={resource} hours={hours} f={f} />
          <HeatmapLegend />
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="utilisation-day-table"
            style={{ alignSelf: 'flex-start' }}
          >
            {open ? 'Hide peak and average by day' : 'Show peak and average by day'}
          </Button>
          <Collapse expanded={open} id="utilisation-day-table">
            <DayStatsTable resource={resource} f={f} />
          </Collapse>
        </>
      ) : null}
    </Panel>
  );
}

/** The weekday × hour table, each cell in its band; a day closed all day is one grey cell. */
function Heatmap({ resource, hours, f }: { resource: Resource; hours: number[]; f: Formatters }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders fz="xs" data-testid="heatmap">
        <Table.Caption>
          {resource.name}: utilisation by weekday and hour
          {resource.bufferMinutes > 0 ? `; buffer time ${resource.bufferMinutes} min` : ''}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {hours.map((h) => (
              <Table.Th key={h} scope="col" ta="center" px={2}>
                {hourText(f, h)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resource.data.map((d) =>
            isClosed(d) ? (
              <Table.Tr key={d.day} data-closed="true">
                <Table.Th scope="row">{d.day}</Table.Th>
                <Table.Td
                  colSpan={d.utilisation.length || hours.length}
                  ta="center"
                  style={{ background: CLOSED }}
                >
                  Closed all day
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={d.day}>
                <Table.Th scope="row">{d.day}</Table.Th>
                {d.utilisation.map((u) => (
                  <Table.Td
                    key={u.hour}
                    ta="center"
                    px={2}
                    style={{ background: band(u.rate).color, color: 'var(--mantine-color-dark-9)' }}
                    title={`${d.day} ${hourText(f, u.hour)}: ${percent(u.rate)}${u.hasBuffers ? ', includes buffer time' : ''}`}
                    data-rate={u.rate}
                  >
                    {Math.round(u.rate)}%
                    {u.hasBuffers ? (
                      <span data-testid="buffer-marker">
                        <span aria-hidden="true"> ◆</span>
                        <VisuallyHidden> includes buffer time</VisuallyHidden>
                      </span>
                    ) : null}
                  </Table.Td>
                ))}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeatmapLegend() {
  return (
    <Group gap="xs" wrap="wrap" data-testid="heatmap-legend">
      {[85, 70, 50, 10].map((r) => (
        <Badge key={r} variant="outline" color="dark" style={{ background: band(r).color }}>
          {band(r).name}
        </Badge>
      ))}
      <Badge variant="outline" color="dark" style={{ background: CLOSED }}>
        Closed all day
      </Badge>
      <Text size="xs">◆ the hour includes buffer time before or after a booking</Text>
    </Group>
  );
}

/** Each day's peak hour and rate, average rate and low hour. */
function DayStatsTable({ resource, f }: { resource: Resource; f: Formatters }) {
  return (
    <Table fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th>Peak hour</Table.Th>
          <Table.Th ta="right">Peak rate</Table.Th>
          <Table.Th ta="right">Average rate</Table.Th>
          <Table.Th>Low hour</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {resource.data.map((d) => {
          const s = dayStats(d);
          return (
            <Table.Tr key={s.day} data-testid="day-stats-row">
              <Table.Td>{s.day}</Table.Td>
              {isClosed(d) ? (
                <Table.Td colSpan={4}>Closed</Table.Td>
              ) : (
                <>
                  <Table.Td>{hourText(f, s.peakHour)}</Table.Td>
                  <Table.Td ta="right">{percent(s.peakRate)}</Table.Td>
                  <Table.Td ta="right">{percent(s.averageRate)}</Table.Td>
                  <Table.Td>{hourText(f, s.lowHour)}</Table.Td>
                </>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
