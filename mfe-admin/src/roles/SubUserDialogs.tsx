import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Checkbox, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, type Control } from 'react-hook-form';
import { contractResolver, fieldProps } from '@venue/ui/contract-form';
import { z } from 'zod';
import {
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  newSubUserPasswordField,
  type PermissionKey,
} from '@venue/contracts';
import { DeleteDialog, DialogButtons, FormDialog, type DeletePrompt } from '../shared/DialogParts.tsx';
import { AccountPasswordField, PasswordFields } from '../shared/PasswordFields.tsx';
import { subUserPasswordProblem, type SubUser, type SubUserDraft } from './sub-user-api.ts';

const baseSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  email: z.string().trim().min(1, 'Email is required.').pipe(z.email('Please enter a valid email address.')),
  password: z.string(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  status: z.enum(['active', 'inactive']),
});
// A disabled field may read as undefined; the e-mail of an existing sub-user is never sent anyway.
const editSchema = baseSchema.extend({ email: z.string().optional() });
const createSchema = baseSchema.extend({
  password: newSubUserPasswordField,
});

const EMPTY_DRAFT: SubUserDraft = { name: '', email: '', password: '', permissions: [], status: 'active' };

/** The form's values for a sub-user; permissions this screen does not know are left out. */
function draftFrom(editing: SubUser | null): SubUserDraft {
  if (!editing) return EMPTY_DRAFT;
  return {
    name: editing.name ?? '',
    email: editing.email,
    password: '',
    permissions: editing.permissions.filter((p): p is PermissionKey =>
      (PERMISSION_KEYS as readonly string[]).includes(p),
    ),
    status: editing.status,
  };
}

function PermissionsField({ control }: { control: Control<SubUserDraft> }) {
  return (
    <Controller
      control={control}
      name="permissions"
      render={({ field }) => (
        <Checkbox.Group
          label="Permissions"
          description="The pages this person can open. Without Settings they cannot change any settings."
          value={field.value}
          onChange={(v) => field.onChange(v as PermissionKey[])}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {PERMISSION_KEYS.map((key) => (
              <Checkbox key={key} value={key} label={PERMISSION_LABELS[key]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}

export function SubUserFormDialog({
  opened,
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** null: Add New Sub-User. */
  editing: SubUser | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (draft: SubUserDraft) => void;
}) {
  const form = useForm<SubUserDraft>({
    resolver: contractResolver<SubUserDraft, SubUserDraft>({ schema: editing ? editSchema : createSchema }),
    defaultValues: EMPTY_DRAFT,
  });
  const { reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset(draftFrom(editing));
  }, [opened, editing, reset]);

  return (
    <FormDialog
      opened={opened}
      title={editing ? 'Edit Sub-User' : 'Add New Sub-User'}
      error={error}
      busy={busy}
      actionLabel={editing ? 'Save Changes' : 'Create Sub-User'}
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <TextInput label="Name" withAsterisk {...fieldProps(form, 'name')} />
      <TextInput
        label="Email"
        type="email"
        withAsterisk={!editing}
        disabled={Boolean(editing)}
        description={editing ? "A sub-user's e-mail cannot be changed." : undefined}
        {...fieldProps(form, 'email')}
      />
      {editing ? null : <AccountPasswordField {...fieldProps(form, 'password')} />}
      <NativeSelect
        label="Status"
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        {...form.register('status')}
      />
      <PermissionsField control={form.control} />
    </FormDialog>
  );
}

export function DeleteSubUserDialog(props: DeletePrompt<SubUser>) {
  return (
    <DeleteDialog {...props} title="Delete Sub-User">
      {(u) => (
        <>
          <Text>Are you sure you want to delete this sub-user? This action cannot be undone.</Text>
          <Stack gap={2}>
            <Text size="sm">
              <strong>Name:</strong> {u.name || 'No name'}
            </Text>
            <Text size="sm">
              <strong>Email:</strong> {u.email}
            </Text>
            <Text size="sm">
              <strong>Permissions:</strong> {u.permissions.length}
            </Text>
          </Stack>
        </>
      )}
    </DeleteDialog>
  );
}

/** Closes by itself 2 seconds after a success (spec 01 §9). */
export function SubUserPasswordDialog({
  user,
  change,
  onClose,
}: {
  user: SubUser | null;
  change: (user: SubUser, password: string) => Promise<string>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const closer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setPassword('');
    setConfirm('');
    setMessage(null);
    return () => {
      if (closer.current) clearTimeout(closer.current);
    };
  }, [user]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const problem = subUserPasswordProblem(password, confirm);
    if (problem) {
      setMessage({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    try {
      const text = await change(user, password);
      setMessage({ ok: true, text });
      closer.current = setTimeout(onClose, 2000);
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={Boolean(user)} onClose={onClose} title="Change Password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {user ? <Text size="sm">For {user.name || user.email}</Text> : null}
          {message ? (
            <Alert
              color={message.ok ? 'green' : 'red'}
              variant="light"
              role={message.ok ? 'status' : 'alert'}
            >
              {message.text}
            </Alert>
          ) : null}
          <PasswordFields
            fields={[
              { label: 'New password', autoComplete: 'new-password', value: password, onChange: setPassword },
              {
                label: 'Confirm password',
                autoComplete: 'new-password',
                value: confirm,
                onChange: setConfirm,
              },
            ]}
          />
          <DialogButtons actionLabel="Change Password" busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
