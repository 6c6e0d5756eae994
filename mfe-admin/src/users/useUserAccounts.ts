import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { pictureForm } from '../shared/picture-rules.ts';
import { useManagedDialogs } from '../shared/useManagedDialogs.ts';
import { roleLabel, userBody, usersKey, type ManagedUser, type UserForm } from './user-api.ts';

type Dialogs = ReturnType<typeof useManagedDialogs<ManagedUser>>;
type Flash = ReturnType<typeof useFlash>;

/** The Users page's list, its add, edit, delete and status change, and their messages. */
export function useUserAccounts() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const [warning, setWarning] = useState<string | null>(null);
  const list = useQuery({
    queryKey: usersKey,
    // Sub-users belong to their owners' Roles & Permissions page, never to this list.
    queryFn: async () => (await api.api<ManagedUser[]>('/api/users')).filter((u) => u.role !== 'sub_user'),
  });
  const dialogs = useManagedDialogs<ManagedUser>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKey });
  const save = useSaveUser(dialogs, flash, setWarning, refresh);
  const remove = useMutation({
    mutationFn: (user: ManagedUser) =>
      api.api(`/api/users/${encodeURIComponent(user.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      flash.success('User deleted successfully!');
      dialogs.closeDelete();
      void refresh();
    },
    onError: (error) => dialogs.setDialogError(messageOr(error, 'Failed to delete user')),
  });
  const status = useUserStatus(flash, refresh);
  return { flash, warning, setWarning, list, dialogs, save, remove, status };
}

/** Create or edit; a new hall owner's picture is uploaded once the account exists. */
function useSaveUser(
  dialogs: Dialogs,
  flash: Flash,
  setWarning: (warning: string | null) => void,
  refresh: () => Promise<void>,
) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ values, picture }: { values: UserForm; picture: File | null }) => {
      if (dialogs.editing) {
        await api.api(`/api/users/${encodeURIComponent(dialogs.editing.id)}`, {
          method: 'PUT',
          body: userBody(values, false),
        });
        return { created: false, pictureFailed: false };
      }
      const created = await api.api<ManagedUser>('/api/users', {
        method: 'POST',
        body: userBody(values, true),
      });
      let pictureFailed = false;
      if (picture && created?.id) {
        // The account exists already; a picture that will not upload must not undo that.
        try {
          await api.api(`/api/users/upload-profile-picture?userId=${encodeURIComponent(created.id)}`, {
            method: 'POST',
            body: pictureForm(picture),
          });
        } catch (error) {
          console.warn('The profile picture could not be uploaded for the new user', error);
          pictureFailed = true;
        }
      }
      return { created: true, pictureFailed };
    },
    onSuccess: ({ created, pictureFailed }, { values }) => {
      flash.success(
        created ? `${roleLabel(values.role)} account created successfully!` : 'User updated successfully!',
      );
      setWarning(
        pictureFailed
          ? 'The account was created, but the profile picture could not be uploaded. You can add it later.'
          : null,
      );
      dialogs.closeForm();
      void refresh();
    },
    onError: (error) =>
      dialogs.setDialogError(
        messageOr(error, dialogs.editing ? 'Failed to update user' : 'Failed to create user'),
      ),
  });
}

/** Deactivate / Reactivate, with the account whose change is being confirmed. */
function useUserStatus(flash: Flash, refresh: () => Promise<void>) {
  const { api } = useSession();
  const [toggling, setToggling] = useState<ManagedUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setToggling(null);
    setError(null);
  };
  const change = useMutation({
    mutationFn: (user: ManagedUser) =>
      api.api<ManagedUser>(`/api/users/${encodeURIComponent(user.id)}`, {
        method: 'PUT',
        body: { status: user.status === 'active' ? 'inactive' : 'active' },
      }),
    onSuccess: (updated, user) => {
      flash.success(
        (updated?.status ?? (user.status === 'active' ? 'inactive' : 'active')) === 'inactive'
          ? `${user.email} deactivated.`
          : `${user.email} reactivated.`,
      );
      close();
      void refresh();
    },
    onError: (error) => setError(messageOr(error, 'Failed to change the account status')),
  });
  return { toggling, setToggling, error, close, change };
}
