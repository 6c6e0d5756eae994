import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = {
  pending: 'yellow',
  tentative: 'violet',
  confirmed: 'green',
  completed: 'blue',
  cancelled: 'red',
  expired: 'gray',
  blockout: 'dark',
};

const LABELS: Record<string, string> = { pending: 'Pending Review' };

/** Unknown statuses show as Unknown in gray (spec 02 §2.2). */
export function StatusBadge({ status }: { status: string }) {
  const key = (status ?? '').toLowerCase();
  const known = key in COLOURS;
  return (
    <Badge
      color={known ? COLOURS[key] : 'gray'}
      variant="dot"
      style={{ overflow: 'visible', flexShrink: 0 }}
      miw="max-content"
    >
      {known ? (LABELS[key] ?? key) : 'Unknown'}
    </Badge>
  );
}
