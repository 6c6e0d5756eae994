import type { ReactNode } from 'react';
import { Button, ColorSwatch, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, useSession } from '@venue/ui';
import type { Resource } from '../api/types.ts';
import { TYPE_LABELS } from '../shared/labels.ts';
import { IcsFeedControls } from './IcsFeedControls.tsx';
import { hoursSummary } from './resourceForm.ts';

export interface HallPanelActions {
  onEdit: (r: Resource) => void;
  onDuplicate: (r: Resource) => void;
  onBlockout: (r: Resource) => void;
  onArchiveToggle: (r: Resource) => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function HallDetailPanel({
  resource,
  canManage,
  onClose,
  actions,
}: {
  resource: Resource | null;
  canManage: boolean;
  onClose: () => void;
  actions: HallPanelActions;
}) {
  const { settings } = useSession();
  const r = resource;
  return (
    <Drawer opened={r !== null} onClose={onClose} position="right" title={r?.name ?? ''} size="md">
      {r ? (
        <Stack data-testid="hall-detail-panel">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Row label="Colour">
                <Group gap="xs">
                  <ColorSwatch color={r.calendarColour} size={16} />
                  <Text size="sm">{r.colourName || r.calendarColour}</Text>
                </Group>
              </Row>
              <Row label="Code">{r.code}</Row>
              <Row label="Type">{TYPE_LABELS[r.type]}</Row>
              <Row label="Capacity">{r.capacity}</Row>
              <Row label="Status">{r.status === 'active' ? 'Active' : 'Archived'}</Row>
              <Row label="Hours">{hoursSummary(r)}</Row>
              <Row label="Buffers">
                Setup {r.setupBufferMinutes} min, pack-down {r.packdownBufferMinutes} min
                {r.applyBuffers ? '' : ' (not applied)'}
              </Row>
              <Row label="Visibility">{r.visibility === 'public' ? 'Public' : 'Admin-only'}</Row>
              <Row label="Equipment">
                {r.equipment.length} item{r.equipment.length === 1 ? '' : 's'}
              </Row>
              <Row label="Last updated">{r.lastUpdated ? formatDateTime(r.lastUpdated, settings) : '—'}</Row>
            </Table.Tbody>
          </Table>
          {r.internalNotes && canManage ? (
            <Text size="sm">
              <b>Internal notes:</b> {r.internalNotes}
            </Text>
          ) : null}
          <Group gap="xs">
            {canManage ? (
              <>
                <Button size="xs" onClick={() => actions.onEdit(r)}>
                  Edit
                </Button>
                <Button size="xs" variant="light" onClick={() => actions.onDuplicate(r)}>
                  Duplicate
                </Button>
                {r.status === 'active' ? (
                  <Button size="xs" variant="light" onClick={() => actions.onBlockout(r)}>
                    Block-out
                  </Button>
                ) : null}
                <Button size="xs" variant="light" color="gray" onClick={() => actions.onArchiveToggle(r)}>
                  {r.status === 'active' ? 'Archive' : 'Restore'}
                </Button>
              </>
            ) : null}
          </Group>
          {r.icsEnabled && canManage ? <IcsFeedControls key={r.id} resource={r} /> : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
