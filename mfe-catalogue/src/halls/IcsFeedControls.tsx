import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DangerButton } from '@venue/ui/danger-button';
import type { Resource } from '../api/types.ts';
import { useIcsToken, useRevokeIcsToken } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../shared/notify.ts';

/**
 * The resource's secret calendar feed. The server only reveals a URL when it issues one, and
 * issuing one retires the previous URL, so replacing a live feed asks first.
 */
export function IcsFeedControls({ resource }: { resource: Resource }) {
  const issue = useIcsToken();
  const revoke = useRevokeIcsToken();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function copyNew() {
    setConfirming(false);
    const { icsUrl } = await issue.mutateAsync(resource.id);
    const absolute = new URL(icsUrl, window.location.origin).toString();
    setUrl(absolute);
    try {
      await navigator.clipboard.writeText(absolute);
      notifySuccess('Calendar feed URL copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the URL stays shown.
      notifyError('Could not copy automatically. Copy the URL shown below.');
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          variant="outline"
          loading={issue.isPending}
          onClick={() =>
            resource.icsFeedActive && !url ? setConfirming(true) : void copyNew().catch(() => undefined)
          }
        >
          Copy ICS URL
        </Button>
        {resource.icsFeedActive ? (
          <DangerButton
            loading={revoke.isPending}
            onClick={() => revoke.mutate(resource.id, { onSuccess: () => setUrl(null) })}
          >
            Revoke ICS URL
          </DangerButton>
        ) : null}
      </Group>
      {url ? (
        <Text size="xs" style={{ wordBreak: 'break-all' }} data-testid="ics-url">
          {url}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Replace the calendar feed URL?"
        message="For security the current URL cannot be shown again. A new URL will be created and calendars subscribed to the old one will stop updating."
        confirmLabel="Create new URL"
        confirmColor="red"
        onClose={() => setConfirming(false)}
        onConfirm={() => void copyNew().catch(() => undefined)}
      />
    </Stack>
  );
}
