import { useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import type { InvoiceSettings } from '@venue/contracts';
import { venueDeposit } from '../shared/deposit.ts';

// Beside hooks.ts rather than in it: its `select` brings the deposit rules and the shared money
// module (2 kB gzipped), which only the confirm dialog and the booking form (both loaded when
// opened) need; in hooks.ts they reached every page of this remote, the Calendar's first paint too.

/**
 * The deposit Settings → Payments sets for the venue (Invoice Settings' deposit percentage),
 * which the confirm dialog and the booking form start from. Read afresh by each dialog that
 * opens (gcTime 0), so a setting changed a moment ago is the one used.
 */
export function useVenueDeposit(enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['venue-deposit'],
    queryFn: () =>
      api.request<Partial<InvoiceSettings>>('fetch payment settings', 'GET', '/api/tenant-settings/invoice'),
    select: venueDeposit,
    gcTime: 0,
    refetchOnWindowFocus: false,
    enabled,
  });
}
