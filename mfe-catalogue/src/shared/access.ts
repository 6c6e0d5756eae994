import { useSession } from '@venue/ui';

/**
 * Only hall owners change the catalogue. Sub-users holding the page key and the super admin
 * reach these pages (the shell guards the rest) but get them read-only; the server enforces
 * the same rule with 403s.
 */
export function useCanManage(): boolean {
  const { principal } = useSession();
  return principal.role === 'hall_owner';
}
