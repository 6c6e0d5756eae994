import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DangerButton } from '@venue/ui/danger-button';
import { EmptyState, PageHeader } from '@venue/ui';
import {
  ALWAYS_SENT_NOTE,
  ALWAYS_SENT_TEMPLATE_KINDS,
  TEMPLATE_DELETE_CONFIRM,
  TEMPLATE_DELETED,
  type EmailTemplate,
  type TemplateKind,
} from '@venue/contracts/comms';
import { useDeleteTemplate, useTemplates } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { errorText, toastError, toastSuccess, useFailureToast } from '../shared/notify.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { TemplateDialog } from './TemplateDialog.tsx';
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';

// Typed by the contract's kinds, so a kind added there cannot show here as its raw name.
const KIND_LABELS: Record<TemplateKind, string> = {
  booking_confirmed: 'Booking confirmed',
  hold_placed: 'Hold placed',
  hold_expiring: 'Hold expiring',
  declined: 'Request declined',
  changes_requested: 'Changes requested',
  cancelled: 'Booking cancelled',
  event_reminder: 'Event reminder',
  payment_link: 'Payment link',
  invoice: 'Invoice',
  receipt: 'Receipt',
  quotation: 'Quotation',
  payment_reminder: 'Payment reminder',
  credit_note: 'Adjustment note',
  refund: 'Refund',
  request_verification: 'Verify your e-mail (booking page)',
  portal_link: 'Your portal link (customer sign-in)',
  request_received: 'Request received (booking page)',
  venue_new_request: 'New request, to the venue',
  venue_customer_changes: 'Customer asked for changes, to the venue',
  bond_returned: 'Bond returned or kept',
  sms_event_reminder: 'Event reminder by SMS',
  sms_payment_reminder: 'Payment reminder by SMS',
};

type Editing = { template: EmailTemplate | null; opening: number } | null;

/** Email Templates (spec 02 §2.11): the venue's templates as cards, with create, edit, preview, delete. */
export function TemplatesPage() {
  const templates = useTemplates();
  useFailureToast(templates, 'Failed to load email templates');
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const open = (template: EmailTemplate | null) => setEditing({ template, opening: Date.now() });

  return (
    <>
      <PageHeader
        title="Email Templates"
        subtitle="Reusable messages; {{placeholders}} are filled from the booking when sent."
        actions={<Button onClick={() => open(null)}>New Template</Button>}
      />
      <QueryStatus
        query={templates}
        loading="Loading email templates..."
        failure="Failed to load email templates"
        staleData="quiet"
      >
        {({ templates: list }) =>
          list.length === 0 ? (
            <EmptyState
              title="No templates yet"
              description="Create one to reuse a message for confirmations, reminders or invoices."
              action={<Button onClick={() => open(null)}>New Template</Button>}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="template-cards">
              {list.map((t) => (
                <TemplateCard
                  key={t.id}
                  template={t}
                  onPreview={() => setPreviewing(t)}
                  onEdit={() => open(t)}
                  onDelete={() => setDeleting(t)}
                />
              ))}
            </SimpleGrid>
          )
        }
      </QueryStatus>
      {editing ? (
        <TemplateDialog key={editing.opening} template={editing.template} onClose={() => setEditing(null)} />
      ) : null}
      {previewing ? (
        <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Template"
        confirmLabel="Delete"
        confirmColor="red"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              toastSuccess(answer.message || TEMPLATE_DELETED);
              setDeleting(null);
            },
            onError: (error) => toastError(errorText(error)),
          });
        }}
      >
        <Text size="sm">{TEMPLATE_DELETE_CONFIRM}</Text>
        {deleting ? (
          <Text size="sm" fw={600}>
            {deleting.name}
          </Text>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function TemplateCard({
  template: t,
  onPreview,
  onEdit,
  onDelete,
}: {
  template: EmailTemplate;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="template-card">
      <Stack gap="xs" h="100%">
        <Title order={2} fz="md">
          {t.name}
        </Title>
        <Group gap={4}>
          <Badge variant="light">{t.type === 'sms' ? 'SMS' : 'Email'}</Badge>
          <Badge variant="light" color={t.isActive ? 'green' : 'gray'}>
            {t.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        {t.kind ? (
          <Text size="xs" c="dimmed">
            Automatic e-mail: {KIND_LABELS[t.kind]}
          </Text>
        ) : null}
        {t.kind && ALWAYS_SENT_TEMPLATE_KINDS.includes(t.kind) ? (
          <Text size="xs" c="dimmed">
            {ALWAYS_SENT_NOTE}
          </Text>
        ) : null}
        <Text size="sm" fw={500}>
          {t.subject}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', flexGrow: 1 }}>
          {t.bodyPreview}
        </Text>
        {t.variables.length ? (
          <Group gap={4} role="group" aria-label="Variables">
            {t.variables.map((v) => (
              <Badge key={v} size="xs" variant="outline" tt="none">
                {v}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="default" onClick={onPreview} aria-label={`Preview ${t.name}`}>
            Preview
          </Button>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <DangerButton onClick={onDelete} aria-label={`Delete ${t.name}`}>
            Delete
          </DangerButton>
        </Group>
      </Stack>
    </Card>
  );
}
