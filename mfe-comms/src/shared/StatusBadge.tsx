import { Badge } from '@mantine/core';
import { smsUndeliveredText, type EmailStatus } from '@venue/contracts/comms';

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

/**
 * An SMS's delivery receipt after "Sent" (the provider accepted it): Delivered, or Not delivered
 * with the provider's error code (issue 26, decision 61).
 */
export function DeliveryBadge({
  delivery,
  code,
}: {
  delivery: 'delivered' | 'undelivered';
  code: string | null;
}) {
  const delivered = delivery === 'delivered';
  return (
    <Badge
      color={delivered ? 'teal' : 'red'}
      variant="outline"
      mt={4}
      style={{ minWidth: 'max-content', display: 'block' }}
      title={delivered ? 'The provider reported it delivered' : smsUndeliveredText(code)}
    >
      {delivered ? 'Delivered' : `Not delivered${code ? ` · ${code}` : ''}`}
    </Badge>
  );
}
