import { useEffect, useState } from 'react';
import { Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { contractResolver, fieldProps } from '@venue/ui/contract-form';
import { newAccountPasswordProblem } from '@venue/contracts';
import { useSession } from '@venue/ui';
import {
  DeleteDialog,
  DialogButtons,
  DialogError,
  FormDialog,
  type DeletePrompt,
} from '../shared/DialogParts.tsx';
import { AccountPasswordField } from '../shared/PasswordFields.tsx';
import { PictureField } from '../shared/PictureField.tsx';
import { pictureProblem } from '../shared/picture-rules.ts';
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

type UserFormProps = {
  opened: boolean;
  editing: ManagedUser | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (values: UserForm, picture: File | null) => void;
};

/** The form reset on each opening, the optional picture of a new hall owner, and the submit. */
function useUserForm({ opened, editing, onSubmit }: Pick<UserFormProps, 'opened' | 'editing' | 'onSubmit'>) {
  const { settings } = useSession();
  const form = useForm<UserForm>({
    resolver: contractResolver<UserForm, UserForm>({ schema: userFormSchema }),
    defaultValues: EMPTY_USER_FORM,
  });
  const { reset, setError } = form;
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    reset(editing ? formFromUser(editing, settings.country) : EMPTY_USER_FORM);
    setPicture(null);
    setPictureError(null);
  }, [opened, editing, reset, settings.country]);
  const role = useWatch({ control: form.control, name: 'role' });

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
  const choosePicture = (f: File | null) => {
    const problem = f ? pictureProblem(f) : null;
    setPictureError(problem);
    setPicture(problem ? null : f);
  };
  return { form, role, submit, picture, pictureError, choosePicture };
}

export function UserFormDialog({ opened, editing, busy, error, onClose, onSubmit }: UserFormProps) {
  const user = useUserForm({ opened, editing, onSubmit });
  const { form } = user;
  return (
    <FormDialog
      opened={opened}
      title={editing ? 'Edit User' : 'Add User'}
      error={error}
      busy={busy}
      actionLabel={editing ? 'Save Changes' : 'Create User'}
      onClose={onClose}
      onSubmit={user.submit}
    >
      <TextInput label="Email" type="email" withAsterisk {...fieldProps(form, 'email')} />
      <TextInput label="Name" description="Shown on the dashboard welcome." {...form.register('name')} />
      {editing ? (
        <Text size="sm" c="dimmed">
          The password cannot be edited here.
        </Text>
      ) : (
        <AccountPasswordField {...fieldProps(form, 'password')} />
      )}
      <NativeSelect
        label="Role"
        data={[
          { value: 'hall_owner', label: 'Hall Owner — Manage hall bookings' },
          { value: 'super_admin', label: 'Super Admin — Full system access' },
        ]}
        {...form.register('role')}
      />
      {user.role === 'hall_owner' ? <HallOwnerFields user={user} editing={editing !== null} /> : null}
    </FormDialog>
  );
}

/** A hall owner's hall and address, and on a new account the optional picture. */
function HallOwnerFields({ user, editing }: { user: ReturnType<typeof useUserForm>; editing: boolean }) {
  const errors = user.form.formState.errors;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {HALL_FIELDS.map(({ name, label, required }) => (
          <TextInput
            key={name}
            label={label}
            withAsterisk={required}
            {...user.form.register(name)}
            error={errors[name]?.message}
          />
        ))}
      </SimpleGrid>
      {editing ? null : (
        <PictureField
          label="Profile picture (optional)"
          value={user.picture}
          error={user.pictureError}
          onChange={user.choosePicture}
        />
      )}
    </>
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

/**
 * Asks before deactivating or reactivating an account. Deactivating a hall owner signs them and
 * all their staff out and stops their sign-in; nothing of the hall's data is deleted.
 */
export function UserStatusDialog({ item, busy, error, onClose, onConfirm }: DeletePrompt<ManagedUser>) {
  const deactivating = item?.status === 'active';
  const title = deactivating ? 'Deactivate User' : 'Reactivate User';
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      {item !== null ? (
        <Stack gap="sm">
          <DialogError error={error} />
          {deactivating ? (
            <Text>
              Deactivate {item.email}?{' '}
              {item.role === 'hall_owner'
                ? 'They and all their staff are signed out at once and cannot sign in until the account is reactivated. Their bookings, resources and settings are kept.'
                : 'They are signed out at once and cannot sign in until the account is reactivated.'}
            </Text>
          ) : (
            <Text>
              Reactivate {item.email}?{' '}
              {item.role === 'hall_owner'
                ? 'They can sign in again, and so can the staff who were deactivated with them.'
                : 'They can sign in again.'}
            </Text>
          )}
          <DialogButtons
            actionLabel={deactivating ? 'Deactivate' : 'Reactivate'}
            busy={busy}
            onCancel={onClose}
            onAction={onConfirm}
            danger={deactivating}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
