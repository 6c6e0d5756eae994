/**
 * The names behind the audit log's actors (issue 24 item 15): the viewer's own, and those of the
 * accounts they may list (a hall owner their staff, the super admin every account). Entries of
 * anyone else (a deleted account, a customer) keep their e-mail.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@venue/contracts/admin';
import { useSession } from '@venue/ui';
import { peopleOf, type People } from './audit-words.ts';

export function useAuditPeople(): People {
  const { api, role, profile } = useSession();
  const lists = role === 'hall_owner' || role === 'super_admin';
  const accounts = useQuery({
    queryKey: ['admin', 'audit', 'people'],
    queryFn: () => api.api<Account[]>('/api/users'),
    enabled: lists,
    staleTime: 60_000,
    // Names are a courtesy: without them the log still reads, by e-mail.
    retry: false,
  });
  return useMemo(
    () =>
      peopleOf([
        ...(profile ? [{ id: profile.id, email: profile.email, name: profile.name }] : []),
        ...(accounts.data ?? []),
      ]),
    [profile, accounts.data],
  );
}
