import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
import {
  TEMPLATE_CREATED,
  TEMPLATE_UPDATED,
  TEMPLATE_VARIABLES,
  isTemplateVariable,
  type EmailTemplate,
  type TemplateType,
} from '@venue/contracts/comms';
import { useSaveTemplate } from '../api/hooks.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import {
  EMPTY_TEMPLATE,
  checkTemplate,
  draftOf,
  draftVariables,
  type TemplateDraft,
} from './templateForm.ts';
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';

/** Create (template null) and Edit dialog. The caller mounts it per opening (a `key`). */
export function TemplateDialog({
  template,
  onClose,
}: {
  template: EmailTemplate | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TemplateDraft>(template ? draftOf(template) : EMPTY_TEMPLATE);
  const [problems, setProblems] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [keyFor] = useState(idempotencyKeys);
  const [previewing, setPreviewing] = useState(false);
  const save = useSaveTemplate();
  const variables = draftVariables(draft);
  const unknown = variables.filter((v) => !isTemplateVariable(v));
  const change = (patch: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit() {
    const checked = checkTemplate(draft);
    setProblems(checked.problems);
    setServerError(null);
    if (!checked.body) {
      // Spec 02 §5.3: the validator's messages joined by commas under "Validation Error".
      toastError(checked.problems.join(', '), 'Validation Error');
      return;
    }
    const body = checked.body;
    save.mutate(
      { id: template?.id, body, key: keyFor(body) },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message ?? (template ? TEMPLATE_UPDATED : TEMPLATE_CREATED));
          onClose();
        },
        onError: (error) => {
          const text = errorText(error);
          setServerError(text);
          toastError(text);
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={template ? 'Edit Template' : 'New Template'} size="lg" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {problems.length ? (
            <Alert color="red" title="Validation Error" role="alert" data-testid="template-problems">
              {problems.join(', ')}
            </Alert>
          ) : null}
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <NativeSelect
            label="Type"
            value={draft.type}
            onChange={(e) => change({ type: e.currentTarget.value as TemplateType })}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
            description={
              draft.type === 'sms'
                ? 'Sent as an SMS from Send Email, or as a reminder when Settings choose SMS. The subject is its name in Message History.'
                : undefined
            }
          />
          <TextInput
            label="Subject"
            required
            value={draft.subject}
            onChange={(e) => change({ subject: e.currentTarget.value })}
          />
          <Textarea
            label="Body"
            required
            autosize
            minRows={6}
            maxRows={16}
            value={draft.body}
            onChange={(e) => change({ body: e.currentTarget.value })}
            description={`Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(' ')}`}
          />
          <div>
            <Text size="sm" fw={500}>
              Variables
            </Text>
            {variables.length === 0 ? (
              <Text size="sm" c="dimmed">
                None yet: write a name in double braces, such as {'{{customerName}}'}.
              </Text>
            ) : (
              <Group gap={4} data-testid="template-variables">
                {variables.map((v) => (
                  <Badge key={v} variant="light" color={isTemplateVariable(v) ? 'blue' : 'orange'} tt="none">
                    {v}
                  </Badge>
                ))}
              </Group>
            )}
            {unknown.length ? (
              <Text size="xs" c="orange.9" mt={4}>
                Not a known variable, sent as written: {unknown.join(', ')}
              </Text>
            ) : null}
          </div>
          <Switch
            label="Active"
            checked={draft.isActive}
            onChange={(e) => change({ isActive: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button
              variant="subtle"
              mr="auto"
              disabled={!draft.subject.trim() && !draft.body.trim()}
              onClick={() => setPreviewing(true)}
            >
              Preview
            </Button>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {template ? 'Save Changes' : 'Create Template'}
            </Button>
          </Group>
        </Stack>
      </form>
      {previewing ? (
        <TemplatePreviewDialog
          template={{ name: draft.name.trim() || 'New template', subject: draft.subject, body: draft.body }}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </Modal>
  );
}
