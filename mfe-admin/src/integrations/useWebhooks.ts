import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookWithSecret } from '@venue/contracts/admin';
import { idempotencyKeys, useSession } from '@venue/ui';
import { messageOr } from '../shared/errors.ts';
import type { Draft, ShownSecret } from './WebhookDialogs.tsx';
import { WEBHOOKS_PATH, WEBHOOKS_QUERY } from './webhook-api.ts';

/** The create's answer, or its replay with the same Idempotency-Key (no secret then). */
type Created = WebhookWithSecret | (Webhook & { secret?: undefined; message: string });

/** The webhooks list, which dialog is open, the notice, and the requests that change them. */
export function useWebhooks() {
  const dialogs = useDialogs();
  const mutations = useWebhookMutations(dialogs);
  return { ...dialogs, ...mutations };
}

function useDialogs() {
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  return {
    editing,
    setEditing,
    secret,
    setSecret,
    rotating,
    setRotating,
    deleting,
    setDeleting,
    logOf,
    setLogOf,
    notice,
    setNotice,
  };
}

function useWebhookMutations({
  setEditing,
  setSecret,
  setRotating,
  setDeleting,
  setNotice,
}: ReturnType<typeof useDialogs>) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: WEBHOOKS_QUERY, queryFn: () => api.api<Webhook[]>(WEBHOOKS_PATH) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY });

  const save = useSaveWebhook({ setEditing, setSecret, setNotice }, refresh);
  const pause = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<Webhook>(`${WEBHOOKS_PATH}/${hook.id}`, {
        method: 'PATCH',
        body: { status: hook.status === 'active' ? 'paused' : 'active' },
      }),
    onSuccess: async (hook, before) => {
      setNotice({
        color: 'green',
        text:
          hook.status !== 'active'
            ? 'Webhook paused. Its events are held and sent when you resume it.'
            : before.status === 'paused'
              ? 'Webhook resumed. The events held while it was paused are being sent, in order.'
              : 'Webhook resumed.',
      });
      await refresh();
    },
    onError: (err) => setNotice({ color: 'red', text: messageOr(err, 'The webhook could not be changed.') }),
  });
  const rotate = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<Created>(`${WEBHOOKS_PATH}/${hook.id}/rotate-secret`, { method: 'POST' }),
    onSuccess: async (hook) => {
      setRotating(null);
      setSecret({ hook, secret: hook.secret ?? null, rotated: true });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (hook: Webhook) => api.api(`${WEBHOOKS_PATH}/${hook.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setDeleting(null);
      setNotice({ color: 'green', text: 'Webhook deleted.' });
      await refresh();
    },
  });
  const sendTest = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<{ message: string }>(`${WEBHOOKS_PATH}/${hook.id}/test`, { method: 'POST' }),
    onSuccess: async (answer, hook) => {
      setNotice({ color: 'green', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_QUERY, hook.id, 'deliveries'] });
    },
    onError: (err) => setNotice({ color: 'red', text: messageOr(err, 'The test event could not be sent.') }),
  });
  return { query, save, pause, rotate, remove, sendTest };
}

/** Add (the secret shown once; a replay has none) or edit a webhook. */
function useSaveWebhook(
  {
    setEditing,
    setSecret,
    setNotice,
  }: Pick<ReturnType<typeof useDialogs>, 'setEditing' | 'setSecret' | 'setNotice'>,
  refresh: () => Promise<void>,
) {
  const { api } = useSession();
  const [keyFor] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: async ({ draft, hook }: { draft: Draft; hook: Webhook | null }) => {
      const body = {
        url: draft.url.trim(),
        events: draft.events,
        description: draft.description.trim() || null,
      };
      if (hook)
        return { updated: await api.api<Webhook>(`${WEBHOOKS_PATH}/${hook.id}`, { method: 'PATCH', body }) };
      return {
        created: await api.api<Created>(WEBHOOKS_PATH, {
          method: 'POST',
          body,
          idempotencyKey: keyFor(body),
        }),
      };
    },
    onSuccess: async (result) => {
      setEditing(null);
      if (result.created)
        setSecret({ hook: result.created, secret: result.created.secret ?? null, rotated: false });
      else setNotice({ color: 'green', text: 'Webhook saved.' });
      await refresh();
    },
  });
}
