import { useEffect, useState } from 'react';
import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newAccountPasswordProblem } from '@venue/contracts';
import { DeleteDialog, FormDialog, type DeletePrompt } from '../../lib/DialogParts.tsx';
import { AccountPasswordField } from '../../lib/PasswordFields.tsx';
import { PictureField } from '../../lib/PictureField.tsx';
import { pictureProblem } from '../../lib/picture-rules.ts';
import {
  EMPTY_USER_FORM,
  formFromUser,
  userFormSchema,
  type ManagedUser,
  type UserForm,
} from './user-api.ts';

/** The hall owner's own details, two to a row; `required` ones carry the asterisk. */
const HALL_FIELDS: Array<{
  name: 'hallName' | 'contactNumber' | 'line1' | 'line2' | 'postcode' | 'state';
  label: string;
  required: boolean;
}> = [
  { name: 'hallName', label: 'Hall name', required: true },
  { name: 'contactNumber', label: 'Contact number', required: true },
  { name: 'line1', label: 'Address line 1', required: true },
  { name: 'line2', label: 'Address line 2', required: false },
  { name: 'postcode', label: 'Postcode', required: true },
  { name: 'state', label: 'State', required: true },
];

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

  const passwordProblem = () => (editing ? null : newAccountPasswordProblem(form.getValues('password')));
  const submit = form.handleSubmit(
    (values) => {
      const problem = passwordProblem();
      if (problem) {
        setError('password', { message: problem });
        return;
      }
      onSubmit(values, role === 'hall_owner' ? picture : null);
    },
    // The schema leaves the password to the contract rule; flag it with the other missing fields.
    () => {
      const problem = passwordProblem();
      if (problem) setError('password', { message: problem });
    },
  );

  return (
    <FormDialog
      opened={opened}
      title={editing ? 'Edit User' : 'Add User'}
      error={error}
      busy={busy}
      actionLabel={editing ? 'Save Changes' : 'Create User'}
      onClose={onClose}
      onSubmit={submit}
    >
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
        <AccountPasswordField {...form.register('password')} error={errors.password?.message} />
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
            {HALL_FIELDS.map(({ name, label, required }) => (
              <TextInput
                key={name}
                label={label}
                withAsterisk={required}
                {...form.register(name)}
                error={errors[name]?.message}
              />
            ))}
          </SimpleGrid>
          {editing ? null : (
            <PictureField
              label="Profile picture (optional)"
              value={picture}
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
    </FormDialog>
  );
}

export function DeleteUserDialog(props: DeletePrompt<ManagedUser>) {
  return (
    <DeleteDialog {...props} title="Delete User">
      {(u) => (
        <Text>
          Are you sure you want to delete {u.email}? Their sign-in stops working at once. This action cannot
          be undone.
        </Text>
      )}
    </DeleteDialog>
  );
}
