import { useId, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EmptyState, downloadFromServer, useSession } from '@venue/ui';
import { useBookingDocuments, useVerifyDocument } from '../api/hooks.ts';
import type { StaffDocument } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { QueryStatus } from '@venue/ui/query-status';

const KIND_LABELS: Record<string, string> = { id: 'ID', insurance: 'Insurance' };
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The ID and insurance documents the customer uploaded from the portal (issue 25), on the
 * booking: open each through the staff file route and mark it verified. Verifying sets the
 * booking's ID or insurance flag on the server, which the Dashboard's documents alert reads.
 */
export function BookingDocuments({ bookingId }: { bookingId: string }) {
  const query = useBookingDocuments(bookingId);
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="md" id={titleId}>
        Documents
      </Title>
      <QueryStatus query={query} loading="Loading documents...">
        {(data) =>
          data.documents.length === 0 ? (
            <EmptyState
              title="No documents uploaded"
              description="The customer uploads their ID and insurance from their portal; they appear here."
            />
          ) : (
            <Stack gap="xs">
              {data.documents.map((d) => (
                <DocumentRow key={d.id} bookingId={bookingId} doc={d} />
              ))}
            </Stack>
          )
        }
      </QueryStatus>
    </Stack>
  );
}

function DocumentRow({ bookingId, doc: d }: { bookingId: string; doc: StaffDocument }) {
  const fmt = useFormat();
  const { getToken } = useSession();
  const verify = useVerifyDocument(bookingId);
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await downloadFromServer(getToken, `/api/bookings/${bookingId}/documents/${d.id}`, d.fileName);
    } catch (err) {
      toastError('Could not open the document', errorText(err));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="booking-document">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="indigo" miw="max-content">
            {kindLabel(d.kind)}
          </Badge>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {d.fileName}
          </Text>
          {d.verified ? (
            <Badge color="green" variant="dot" miw="max-content">
              Verified
            </Badge>
          ) : (
            <Badge color="orange" variant="dot" miw="max-content">
              Not verified
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Uploaded {fmt.dateTime(d.uploadedAt)} · {size(d.sizeBytes)}
        </Text>
        {d.verified ? (
          <Text size="xs">
            Verified{d.verifiedBy ? ` by ${d.verifiedBy}` : ''} on {fmt.dateTime(d.verifiedAt)}
          </Text>
        ) : null}
        {verify.isError ? (
          <Alert color="red" role="alert" p="xs">
            Could not mark it verified: {errorText(verify.error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={opening}
            onClick={() => void open()}
            aria-label={`Download ${d.fileName}`}
          >
            Download
          </Button>
          {d.verified ? null : (
            <Button
              size="xs"
              loading={verify.isPending}
              aria-label={`Mark verified: ${kindLabel(d.kind)} ${d.fileName}`}
              onClick={() =>
                verify.mutate(d.id, {
                  onSuccess: () => toastSuccess(`${kindLabel(d.kind)} verified`, d.fileName),
                })
              }
            >
              Mark verified
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
