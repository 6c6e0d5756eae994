import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { FormErrors } from './FormErrors.tsx';

/**
 * The catalogue's edit dialogs: the error summary on top, Cancel and the submit button below.
 * `onSubmit` rejects when the server refuses; the mutation hooks have told the user already,
 * so the rejection only keeps the dialog open.
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
  onSubmit: () => Promise<void>;
  /** Buttons in place of Cancel and submit while the dialog asks something else (a confirmation). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit().catch(() => undefined);
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
