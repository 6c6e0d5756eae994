import { Badge } from '@mantine/core';
import type { BookingSource } from '../api/types.ts';

const SOURCES: Record<BookingSource, { label: string; color: string }> = {
  website: { label: 'Website', color: 'teal' },
  admin: { label: 'Admin', color: 'gray' },
  quotation: { label: 'Quotation', color: 'indigo' },
};

/**
 * Where a booking came from: a request sent from the venue's booking page reads "Website" and
 * stands out from the ones staff typed in (issue 25).
 */
export function SourceBadge({ source }: { source: string }) {
  const known = SOURCES[source as BookingSource];
  return (
    <Badge
      color={known?.color ?? 'gray'}
      variant={source === 'website' ? 'light' : 'outline'}
      style={{ overflow: 'visible', flexShrink: 0 }}
      miw="max-content"
    >
      {known?.label ?? source}
    </Badge>
  );
}
