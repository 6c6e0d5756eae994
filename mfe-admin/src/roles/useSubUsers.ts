import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { useManagedDialogs } from '../shared/useManagedDialogs.ts';
import { subUsersKey, type SubUser, type SubUserDraft } from './sub-user-api.ts';

/** A hall owner's sub-users: the list, add, edit, delete and password change, with their messages. */
export function useSubUsers(ownerId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const key = subUsersKey(ownerId);
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.api<SubUser[]>(`/api/users/sub-users/${encodeURIComponent(ownerId)}`),
  });
  const dialogs = useManagedDialogs<SubUser>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const save = useMutation({
    mutationFn: (draft: SubUserDraft) =>
      dialogs.editing
        ? api.api(`/api/users/sub-users/${encodeURIComponent(dialogs.editing.id)}`, {
            method: 'PUT',
            body: { name: draft.name.trim(), permissions: draft.permissions, status: draft.status },
          })
        : api.api('/api/users', {
            method: 'POST',
            body: {
              name: draft.name.trim(),
              email: draft.email.trim(),
              password: draft.password,
              role: 'sub_user',
              parentUserId: ownerId,
              permissions: draft.permissions,
              status: draft.status,
            },
          }),
    onSuccess: () => {
      flash.success(dialogs.editing ? 'Sub-user updated successfully!' : 'Sub-user created successfully!');
      dialogs.closeForm();
      void refresh();
    },
    onError: (error) =>
      dialogs.setDialogError(
        messageOr(error, dialogs.editing ? 'Failed to update sub-user' : 'Failed to create sub-user'),
      ),
  });
  const remove = useMutation({
    mutationFn: (user: SubUser) => api.api(`/api/users/${encodeURIComponent(user.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      flash.success('Sub-user deleted successfully!');
      dialogs.closeDelete();
      void refresh();
    },
    onError: (error) => dialogs.setDialogError(messageOr(error, 'Failed to delete sub-user')),
  });

  const changePassword = async (user: SubUser, newPassword: string): Promise<string> => {
    try {
      await api.api('/api/users/change-sub-user-password', {
        method: 'PUT',
        body: { subUserId: user.id, newPassword },
      });
    } catch (error) {
      throw new Error(messageOr(error, 'Failed to change password. Please try again.'), { cause: error });
    }
    return `Password changed successfully for ${user.name || user.email}`;
  };
  return { flash, list, dialogs, save, remove, changePassword };
}
