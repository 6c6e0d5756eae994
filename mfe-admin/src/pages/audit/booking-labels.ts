import { useQueries } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import type { AuditEntry } from './audit-api.ts';

/**
 * Booking targets read as 'Booking {bookingCode}' (spec 01 §2). Each booking is fetched once;
 * when that fails (deleted booking, no Bookings permission, service down) the raw target stays.
 */
export function useBookingLabels(entries: AuditEntry[]): (entry: AuditEntry) => string {
  const { api } = useSession();
  const ids = [
    ...new Set(entries.filter((e) => e.targetType === 'booking' && e.target).map((e) => e.target as string)),
  ];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'booking-code', id],
      queryFn: async () => {
        const body = await api.api<Record<string, unknown>>(`/api/bookings/${encodeURIComponent(id)}`);
        const nested = body?.booking as Record<string, unknown> | undefined;
        const code = body?.bookingCode ?? nested?.bookingCode;
        return typeof code === 'string' && code ? code : null;
      },
      retry: false,
      staleTime: Infinity,
    })),
  });
  const codes = new Map<string, string>();
  ids.forEach((id, i) => {
    const code = results[i]?.data;
    if (code) codes.set(id, code);
  });
  return (entry) => {
    const target = entry.target ?? '';
    if (entry.targetType === 'booking') {
      const code = codes.get(target);
      if (code) return `Booking ${code}`;
    }
    return target;
  };
}
