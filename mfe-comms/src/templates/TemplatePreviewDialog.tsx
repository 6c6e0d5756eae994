import { useEffect } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { ErrorState, LoadingState } from '@venue/ui';
import { useTemplatePreview } from '../api/hooks.ts';
import { MailFrame } from '../shared/MailFrame.tsx';
import { useCommsFormat } from '../shared/format.ts';

/**
 * The template filled as the server fills it when sending: with the venue's latest booking
 * (real data, not invented), or its placeholders left visible when there is none.
 */
export function TemplatePreviewDialog({
  template,
  onClose,
}: {
  /** A saved template, or the template dialog's unsaved text. */
  template: { name: string; subject: string; body: string };
  onClose: () => void;
}) {
  const fmt = useCommsFormat();
  const preview = useTemplatePreview();
  const { mutate } = preview;
  useEffect(() => {
    mutate({ subject: template.subject, body: template.body });
  }, [mutate, template.subject, template.body]);

  return (
    <Modal opened onClose={onClose} title={`Preview: ${template.name}`} size="xl" centered>
      {preview.isError ? (
        <ErrorState
          title="Failed to preview template"
          message={preview.error.message}
          onRetry={() => mutate({ subject: template.subject, body: template.body })}
        />
      ) : !preview.data ? (
        <LoadingState label="Filling the template..." />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {preview.data.booking
              ? `Filled with booking ${preview.data.booking.bookingCode} for ${preview.data.booking.customerName} (${fmt.date(preview.data.booking.bookingDate)}).`
              : 'No bookings yet: the placeholders are shown as written.'}
          </Text>
          <Text size="sm">
            <strong>Subject:</strong> {preview.data.subject}
          </Text>
          <MailFrame html={preview.data.html} title={`Preview of ${template.name}`} />
          {preview.data.unfilled.length ? (
            <Alert color="yellow" variant="light">
              No value for: {preview.data.unfilled.join(', ')}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
