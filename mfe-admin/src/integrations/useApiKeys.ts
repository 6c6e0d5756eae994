import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreatedApiKey } from '@venue/contracts';
import { useSession } from '@venue/ui';
import { KEYS_QUERY, PATH, type KeyDraft } from './api-keys.ts';

/** The venue's API keys, with create (the new key shown once) and revoke. */
export function useApiKeys() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const query = useQuery({ queryKey: KEYS_QUERY, queryFn: () => api.api<ApiKeyView[]>(PATH) });

  const create = useMutation({
    mutationFn: (draft: KeyDraft) =>
      api.api<CreatedApiKey>(PATH, {
        method: 'POST',
        body: {
          name: draft.name,
          permissions: draft.permissions,
          expiresInDays: Number(draft.expiresInDays),
        },
      }),
    onSuccess: async (key) => {
      setCreating(false);
      setCreated(key);
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => api.api(`${PATH}/${encodeURIComponent(key.id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  return { query, create, revoke, creating, setCreating, created, setCreated, revoking, setRevoking };
}
