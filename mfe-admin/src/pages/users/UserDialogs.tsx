import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PICTURE_ACCEPT, pictureProblem } from '../../lib/picture-rules.ts';
import {
  EMPTY_USER_FORM,
  formFromUser,
  userFormSchema,
  type ManagedUser,
  type UserForm,
} from './user-api.ts';

export function UserFormDialog({
  opened,
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  editing: ManagedUser | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (values: UserForm, picture: File | null) => void;
}) {
  const form = useForm<UserForm>({ resolver: zodResolver(userFormSchema), defaultValues: EMPTY_USER_FORM });
  const { reset, setError } = form;
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    reset(editing ? formFromUser(editing) : EMPTY_USER_FORM);
    setPicture(null);
    setPictureError(null);
  }, [opened, editing, reset]);
  const role = useWatch({ control: form.control, name: 'role' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    if (!editing && !values.password.trim()) {
      setError('password', { message: 'Password is required.' });
      return;
    }
    if (!editing && values.password.length < 6) {
      setError('password', { message: 'The password needs to be at least 6 characters long for security.' });
      return;
    }
    onSubmit(values, role === 'hall_owner' ? picture : null);
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit User' : 'Add User'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput label="Name" description="Shown on the dashboard welcome." {...form.register('name')} />
          {editing ? (
            <Text size="sm" c="dimmed">
              The password cannot be edited here.
            </Text>
          ) : (
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.register('password')}
              error={errors.password?.message}
            />
          )}
          <NativeSelect
            label="Role"
            data={[
              { value: 'hall_owner', label: 'Hall Owner — Manage hall bookings' },
              { value: 'super_admin', label: 'Super Admin — Full system access' },
            ]}
            {...form.register('role')}
          />
          {role === 'hall_owner' ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Hall name"
                  withAsterisk
                  {...form.register('hallName')}
                  error={errors.hallName?.message}
                />
                <TextInput
                  label="Contact number"
                  withAsterisk
                  {...form.register('contactNumber')}
                  error={errors.contactNumber?.message}
                />
                <TextInput
                  label="Address line 1"
                  withAsterisk
                  {...form.register('line1')}
                  error={errors.line1?.message}
                />
                <TextInput label="Address line 2" {...form.register('line2')} />
                <TextInput
                  label="Postcode"
                  withAsterisk
                  {...form.register('postcode')}
                  error={errors.postcode?.message}
                />
                <TextInput
                  label="State"
                  withAsterisk
                  {...form.register('state')}
                  error={errors.state?.message}
                />
              </SimpleGrid>
              {editing ? null : (
                <FileInput
                  label="Profile picture (optional)"
                  description="JPG, PNG or GIF, up to 5 MB."
                  placeholder="No file chosen"
                  accept={PICTURE_ACCEPT}
                  value={picture}
                  clearable
                  error={pictureError}
                  onChange={(f) => {
                    const problem = f ? pictureProblem(f) : null;
                    setPictureError(problem);
                    setPicture(problem ? null : f);
                  }}
                />
              )}
            </>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save Changes' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteUserDialog({
  user,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  user: ManagedUser | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={Boolean(user)} onClose={onClose} title="Delete User" centered>
      {user ? (
        <Stack gap="sm">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Text>
            Are you sure you want to delete {user.email}? Their sign-in stops working at once. This action
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={onConfirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
