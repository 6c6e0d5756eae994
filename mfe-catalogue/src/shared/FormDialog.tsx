import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { FormErrors } from './FormErrors.tsx';

/**
 * The catalogue's edit dialogs: the error summary on top (every problem the fields show, see
 * useContractForm), Cancel and the submit button below, which waits while the form is sent.
 */
export function FormDialog({
  opened,
  title,
  size,
  errors,
  busy,
  submitLabel,
  onClose,
  onSubmit,
  formRef,
  actions,
  children,
}: {
  opened: boolean;
  title: string;
  size?: ModalProps['size'];
  errors: string[];
  busy: boolean;
  submitLabel: string;
  onClose: () => void;
  /** The form's submit (react-hook-form's handleSubmit): it checks, sends and shows refusals. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The form element, for focusing its first invalid field. */
  formRef?: RefObject<HTMLFormElement | null>;
  /** Buttons in place of Cancel and submit while the dialog asks something else (a confirmation). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          void onSubmit(e);
        }}
      >
        <Stack>
          <FormErrors errors={errors} />
          {children}
          <Group justify="flex-end">
            {actions ?? (
              <>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  {submitLabel}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
