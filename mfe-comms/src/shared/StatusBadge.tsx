import { Badge } from '@mantine/core';
import type { EmailStatus } from '@venue/contracts/comms';

const COLOURS: Record<EmailStatus, string> = { sent: 'green', failed: 'red', pending: 'yellow' };
const LABELS: Record<EmailStatus, string> = { sent: 'Sent', failed: 'Failed', pending: 'Pending' };

export function StatusBadge({ status }: { status: EmailStatus }) {
  return (
    // Never cut to "SE…" in a narrow table column.
    <Badge color={COLOURS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {LABELS[status]}
    </Badge>
  );
}
