// Send Email, step 3: template, subject, body and attachments (split out of SendEmailPage.tsx).
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { fieldProps } from '@venue/ui/contract-form';
import type { UseFormReturn } from 'react-hook-form';
import { useTemplates } from '../api/hooks.ts';
import { sizeKb } from '../shared/format.ts';
import { useFailureToast } from '../shared/notify.ts';
import { attachmentProblems, type SendDraft } from './sendForm.ts';

type Change = (p: Partial<SendDraft>) => void;

/** The subject and body are the form's boxes; the rest is set through `onChange`. */
export function ContentPanel({
  form,
  draft,
  onChange,
}: {
  form: UseFormReturn<SendDraft>;
  draft: SendDraft;
  onChange: Change;
}) {
  const templates = useTemplates();
  useFailureToast(templates, 'Failed to load email templates');
  // Only active e-mail templates can be sent (sms templates have no provider).
  const usable = (templates.data?.templates ?? []).filter((t) => t.type === 'email' && t.isActive);
  // Typing takes the Validation Error away, as every other change does.
  const edited = { onChange: () => onChange({}) };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Email Content
      </Title>
      <Stack gap="sm">
        <NativeSelect
          label="Template (optional)"
          value={draft.templateId ?? ''}
          disabled={templates.isPending}
          description={
            templates.isError ? `Templates could not be loaded: ${templates.error.message}` : undefined
          }
          onChange={(e) => {
            const t = usable.find((x) => x.id === e.currentTarget.value);
            // A template copies its subject and body into the fields, which stay editable.
            onChange(t ? { templateId: t.id, subject: t.subject, body: t.body } : { templateId: null });
          }}
          data={[
            { value: '', label: templates.isPending ? 'Loading templates...' : 'No template' },
            ...usable.map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <TextInput label="Subject" {...fieldProps(form, 'subject', edited)} />
        <Textarea label="Body" autosize minRows={6} maxRows={16} {...fieldProps(form, 'body', edited)} />
        <Attachments draft={draft} onChange={onChange} />
      </Stack>
    </Paper>
  );
}

/** The files to send and the invoice whose PDF goes too, each removable, with the size limits. */
function Attachments({ draft, onChange }: { draft: SendDraft; onChange: Change }) {
  const fileProblems = attachmentProblems(draft.files);
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Attachments
        </Text>
        <FileButton multiple onChange={(files) => onChange({ files: [...draft.files, ...files] })}>
          {(props) => (
            <Button {...props} variant="default" size="xs">
              Add attachments
            </Button>
          )}
        </FileButton>
      </Group>
      {draft.invoice ? (
        <Group gap="xs" wrap="nowrap" mb={4} data-testid="attached-invoice">
          <Text size="sm">Invoice {draft.invoice.number} (PDF, attached from Invoices when sent)</Text>
          <RemoveButton
            label={`Remove invoice ${draft.invoice.number}`}
            onClick={() => onChange({ invoice: null })}
          />
        </Group>
      ) : null}
      {draft.files.length === 0 ? (
        draft.invoice ? null : (
          <Text size="sm" c="dimmed">
            No attachments.
          </Text>
        )
      ) : (
        <List size="sm" spacing={4} listStyleType="none" data-testid="attachments">
          {draft.files.map((f, i) => (
            <List.Item key={`${f.name}-${i}`}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {f.name} ({sizeKb(f.size)})
                </Text>
                <RemoveButton
                  label={`Remove ${f.name}`}
                  onClick={() => onChange({ files: draft.files.filter((_, j) => j !== i) })}
                />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {fileProblems.map((p) => (
        <Text key={p} size="sm" c="red.8" role="alert">
          {p}
        </Text>
      ))}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="sm" aria-label={label} onClick={onClick}>
      ×
    </ActionIcon>
  );
}
