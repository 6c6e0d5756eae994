import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { messageOr } from '../shared/errors.ts';
import type { Account } from '@venue/contracts/admin';
import type { VerifyResult } from './audit-api.ts';

/** A sub-user as GET /api/users lists them for their hall owner. */
type ListedUser = Account;

/** Hall owners: who can appear in this log besides themselves (spec 01 §2 "Check Sub-Users"). */
export function CheckSubUsersButton() {
  const { api, profile } = useSession();
  const [result, setResult] = useState<
    { kind: 'list'; users: ListedUser[] } | { kind: 'message'; text: string } | null
  >(null);
  const check = useMutation({
    mutationFn: () => api.api<ListedUser[]>('/api/users'),
    onSuccess: (users) => {
      const mine = (users ?? []).filter((u) => u.parentUserId === profile?.id);
      setResult(
        mine.length
          ? { kind: 'list', users: mine }
          : {
              kind: 'message',
              text: 'No sub-users found under your hall. Add them under Settings → Roles & Permissions.',
            },
      );
    },
    onError: (error) => setResult({ kind: 'message', text: messageOr(error, 'Failed to fetch sub-users') }),
  });
  return (
    <>
      <Button
        variant="light"
        loading={check.isPending}
        onClick={() => {
          if (!profile?.id) {
            setResult({ kind: 'message', text: 'Please log in first' });
            return;
          }
          check.mutate();
        }}
      >
        Check Sub-Users
      </Button>
      <Modal opened={result !== null} onClose={() => setResult(null)} title="Your sub-users" centered>
        {result?.kind === 'list' ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Their actions appear in your audit log.
            </Text>
            <List spacing={4} data-testid="sub-user-list">
              {result.users.map((u) => (
                <List.Item key={u.id}>
                  {u.name || 'No name'} — {u.email}
                  {u.status && u.status !== 'active' ? (
                    <Badge ml="xs" size="xs" color="gray" variant="light">
                      Inactive
                    </Badge>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text>{result?.text}</Text>
        )}
      </Modal>
    </>
  );
}

/** Recomputes the hash chain on the server; any edited or removed row shows up here. */
export function VerifyChainButton() {
  const { api, role } = useSession();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: () => api.api<VerifyResult>('/api/audit/verify'),
    onSuccess: (r) => {
      setFailure(null);
      setResult(r);
    },
    onError: (error) => {
      setResult(null);
      setFailure(messageOr(error, 'The integrity check could not be run. Please try again.'));
    },
  });
  const scope = role === 'super_admin' ? 'every venue' : 'your venue';
  return (
    <>
      <Button variant="light" color="grape" loading={verify.isPending} onClick={() => verify.mutate()}>
        Verify integrity
      </Button>
      <Modal
        opened={result !== null || failure !== null}
        onClose={() => {
          setResult(null);
          setFailure(null);
        }}
        title="Audit log integrity"
        size="lg"
        centered
      >
        <div data-testid="verify-result">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : result?.ok ? (
            <Alert color="green" variant="light" title="Intact" role="status">
              {result.checked} entries checked for {scope}. None has been altered or removed.
            </Alert>
          ) : result ? (
            <Stack gap="sm">
              <Alert color="red" variant="light" title="Tampering detected" role="alert">
                {result.checked} entries checked for {scope}; {result.problems.length}{' '}
                {result.problems.length === 1 ? 'problem' : 'problems'} found. These entries no longer match
                the chain recorded when they were written.
              </Alert>
              <List size="sm" spacing={4}>
                {result.problems.map((p, i) => (
                  <List.Item key={`${p.entryId ?? 'none'}-${i}`}>
                    <Group gap={6} wrap="wrap">
                      {p.seq != null ? <Badge variant="light">#{p.seq}</Badge> : null}
                      <Text size="sm" ff="monospace">
                        {p.entryId ?? '(missing entry)'}
                      </Text>
                      <Text size="sm">{p.reason}</Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
