import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
import { contractResolver, fieldProps, putServerErrors } from '@venue/ui/contract-form';
import { SwitchField } from '@venue/ui/yes-no-field';
import {
  TEMPLATE_CREATED,
  TEMPLATE_UPDATED,
  TEMPLATE_VARIABLES,
  isTemplateVariable,
  templateCreateSchema,
  type EmailTemplate,
  type TemplateCreate,
} from '@venue/contracts/comms';
import { useSaveTemplate } from '../api/hooks.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { EMPTY_TEMPLATE, draftOf, draftVariables } from './templateForm.ts';
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';

type TemplateCreateBody = z.output<typeof templateCreateSchema>;
const TYPE_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
];
const SMS_TYPE_NOTE =
  'Sent as an SMS from Send Email, or as a reminder when Settings choose SMS. The subject is its name in Message History.';
const FIELD_ORDER = ['name', 'type', 'subject', 'body', 'isActive'] as const;

/**
 * The save: the contract's problems joined under "Validation Error" (spec 02 §5.3), or the
 * parsed body sent, with the server's refusal said on top and on the fields it names.
 */
function useTemplateSave(
  form: UseFormReturn<TemplateCreate, unknown, TemplateCreateBody>,
  template: EmailTemplate | null,
  onClose: () => void,
) {
  const [problems, setProblems] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [keyFor] = useState(idempotencyKeys);
  const save = useSaveTemplate();

  function onInvalid(found: FieldErrors<TemplateCreate>) {
    // Spec 02 §5.3: the validator's messages joined by commas under "Validation Error".
    const messages = FIELD_ORDER.flatMap((f) => found[f]?.message ?? []);
    setProblems([...new Set(messages)]);
    setServerError(null);
    toastError(messages.join(', '), 'Validation Error');
  }

  function onValid(valid: TemplateCreateBody) {
    setProblems([]);
    setServerError(null);
    save.mutate(
      { id: template?.id, body: valid, key: keyFor(valid) },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message ?? (template ? TEMPLATE_UPDATED : TEMPLATE_CREATED));
          onClose();
        },
        onError: (error) => {
          const text = errorText(error);
          setServerError(text);
          toastError(text);
          // The fields the server names say its words beneath them.
          putServerErrors(form, error);
        },
      },
    );
  }

  return { problems, serverError, onValid, onInvalid, save };
}

/** Create (template null) and Edit dialog. The caller mounts it per opening (a `key`). */
export function TemplateDialog({
  template,
  onClose,
}: {
  template: EmailTemplate | null;
  onClose: () => void;
}) {
  // The contract's schema (POST /api/email-templates parses the same): its messages ("Template
  // name is required"…, blank meaning empty after trimming) under each field; the parsed body is sent.
  const form = useForm<TemplateCreate, unknown, TemplateCreateBody>({
    resolver: contractResolver<TemplateCreate, TemplateCreateBody>({ schema: templateCreateSchema }),
    defaultValues: template ? draftOf(template) : EMPTY_TEMPLATE,
  });
  const [previewing, setPreviewing] = useState(false);
  const { problems, serverError, onValid, onInvalid, save } = useTemplateSave(form, template, onClose);
  const [name, type, subject, body] = useWatch({
    control: form.control,
    name: ['name', 'type', 'subject', 'body'],
  });
  const variables = draftVariables({ subject, body });

  return (
    <Modal opened onClose={onClose} title={template ? 'Edit Template' : 'New Template'} size="lg" centered>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
        <Stack>
          <SaveProblems problems={problems} serverError={serverError} />
          <TextInput label="Name" required {...fieldProps(form, 'name')} />
          <NativeSelect
            label="Type"
            {...fieldProps(form, 'type')}
            data={TYPE_OPTIONS}
            description={type === 'sms' ? SMS_TYPE_NOTE : undefined}
          />
          <TextInput label="Subject" required {...fieldProps(form, 'subject')} />
          <Textarea
            label="Body"
            required
            autosize
            minRows={6}
            maxRows={16}
            {...fieldProps(form, 'body')}
            description={`Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(' ')}`}
          />
          <TemplateVariables variables={variables} />
          <SwitchField control={form.control} name="isActive" label="Active" />
          <Group justify="flex-end">
            <Button
              variant="subtle"
              mr="auto"
              disabled={!subject.trim() && !body.trim()}
              onClick={() => setPreviewing(true)}
            >
              Preview
            </Button>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending || form.formState.isSubmitting}>
              {template ? 'Save Changes' : 'Create Template'}
            </Button>
          </Group>
        </Stack>
      </form>
      {previewing ? (
        <TemplatePreviewDialog
          template={{ name: name.trim() || 'New template', subject, body }}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </Modal>
  );
}

/** The `{{…}}` names the draft uses, an unknown one marked (it is sent as written). */
function TemplateVariables({ variables }: { variables: string[] }) {
  const unknown = variables.filter((v) => !isTemplateVariable(v));
  return (
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
  );
}

/** The contract's problems under "Validation Error", and the server's refusal. */
function SaveProblems({ problems, serverError }: { problems: string[]; serverError: string | null }) {
  return (
    <>
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
    </>
  );
}
