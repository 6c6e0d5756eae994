import { Button, Group, Switch, Tabs } from '@mantine/core';
import type { Resource } from '../api/types.ts';
import { ResourceFilter } from './ResourceFilter.tsx';
import { ALL, type View } from './useCalendarView.ts';

interface ToolbarProps {
  view: View;
  onView: (view: View) => void;
  onStep: (dir: -1 | 0 | 1) => void;
  resources: Resource[] | undefined;
  resourceId: string;
  onResource: (id: string) => void;
  showBuffers: boolean;
  onShowBuffers: (on: boolean) => void;
}

/** The view tabs, Previous / Today / Next, the hall filter and the buffers switch. */
export function CalendarToolbar(p: ToolbarProps) {
  return (
    <Group justify="space-between" mb="sm" className="no-print" wrap="wrap">
      <Tabs value={p.view} onChange={(v) => v && p.onView(v as View)}>
        <Tabs.List>
          <Tabs.Tab value="timeGridDay">Day</Tabs.Tab>
          <Tabs.Tab value="timeGridWeek">Week</Tabs.Tab>
          <Tabs.Tab value="dayGridMonth">Month</Tabs.Tab>
          <Tabs.Tab value="resource">Resources</Tabs.Tab>
        </Tabs.List>
        {/* The views render below the toolbar; the panels exist so each tab names what it controls. */}
        {(['timeGridDay', 'timeGridWeek', 'dayGridMonth', 'resource'] as const).map((v) => (
          <Tabs.Panel key={v} value={v}>
            {null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group gap="xs">
        <Button variant="default" onClick={() => p.onStep(-1)} aria-label="Previous">
          ‹ Previous
        </Button>
        <Button variant="default" onClick={() => p.onStep(0)}>
          Today
        </Button>
        <Button variant="default" onClick={() => p.onStep(1)} aria-label="Next">
          Next ›
        </Button>
      </Group>
      <Group gap="sm">
        <ResourceFilter
          data={[
            { value: ALL, label: 'All Resources' },
            ...(p.resources ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
          value={p.resourceId}
          onChange={(v) => p.onResource(v ?? ALL)}
        />
        <Switch
          label="Show buffers"
          checked={p.showBuffers}
          onChange={(e) => p.onShowBuffers(e.currentTarget.checked)}
        />
      </Group>
    </Group>
  );
}
