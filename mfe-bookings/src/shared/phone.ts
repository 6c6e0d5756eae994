/** Phone numbers as the venue reads them (decision 28): stored in E.164, shown nationally. */
import { formatPhone } from '@venue/contracts';
import { useSession } from '@venue/ui';

/** `+61412345678` → `0412 345 678` for an Australian venue; other countries' numbers stay international. */
export function usePhoneFormat(): (stored: string | null | undefined) => string {
  const { settings } = useSession();
  return (stored) => formatPhone(stored, settings.country);
}
