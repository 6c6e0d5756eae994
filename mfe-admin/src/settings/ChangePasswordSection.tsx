import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ownPasswordChangeProblem } from '@venue/contracts';
import { serverMessage, ApiError, focusFirstInvalid, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { PasswordFields } from '../shared/PasswordFields.tsx';

/** Spec 01 §5 rules, in the order the spec checks them (the service's own). */
export function ownPasswordProblem(current: string, next: string, confirm: string): string | null {
  return (
    ownPasswordChangeProblem({ currentPassword: current, newPassword: next, confirmPassword: confirm })
      ?.message ?? null
  );
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/**
 * Every field's problem at once (issue 24 item 13), by the same rule the service applies (which
 * names one at a time, in the spec's order): each field found wrong is set right in a copy and
 * the rule asked again, so what it says about the next field is about that field alone.
 */
export function ownPasswordProblems(
  current: string,
  next: string,
  confirm: string,
): Partial<Record<PasswordField, string>> {
  const found: Partial<Record<PasswordField, string>> = {};
  const fine = `${current}-a-new-password-long-enough`;
  let probe = { currentPassword: current, newPassword: next, confirmPassword: confirm };
  for (let i = 0; i < 3; i++) {
    const problem = ownPasswordChangeProblem(probe);
    if (!problem) break;
    const path = problem.path as PasswordField;
    if (found[path]) break;
    found[path] = problem.message;
    if (path === 'currentPassword') probe = { ...probe, currentPassword: 'current' };
    // a new password set right is confirmed too, unless its confirmation was already found wrong
    else if (path === 'newPassword')
      probe = {
        ...probe,
        newPassword: fine,
        confirmPassword: found.confirmPassword ? probe.confirmPassword : fine,
      };
    else probe = { ...probe, confirmPassword: probe.newPassword };
  }
  return found;
}

/** Spec 01 §8: the server's raw reasons become friendlier sentences. */
const FRIENDLY: Array<[string, string]> = [
  ['Current password is incorrect', 'The current password you entered is incorrect. Please try again.'],
  [
    'No authenticated user found',
    'You need to be logged in to change your password. Please refresh and try again.',
  ],
  ['User not found', "We couldn't find your account. Please contact support."],
  ['Invalid email', "There's an issue with your email. Please contact support."],
  [
    'Failed to verify current password',
    "We couldn't verify your current password. Please check and try again.",
  ],
];
const GENERIC = 'Something went wrong while changing your password. Please try again.';

function friendly(error: unknown): string {
  const raw = error instanceof ApiError ? (serverMessage(error.body) ?? '') : '';
  const hit = FRIENDLY.find(([needle]) => raw.includes(needle));
  if (hit) return hit[1];
  // Validation answers already carry the spec's own sentences.
  if (error instanceof ApiError && error.status === 400 && raw) return raw;
  return GENERIC;
}

/** The three fields, their problems, and the change with its messages. */
function usePasswordChange() {
  const { api, adoptToken } = useSession();
  const flash = useFlash();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const change = useMutation({
    mutationFn: async () => {
      const changed = await api.api<{ token?: string }>('/api/users/change-password', {
        method: 'POST',
        body: { currentPassword: current, newPassword: next, confirmPassword: confirm },
      });
      // The change makes the old access token stale: use the new one, or the next call is a 401
      // answered by a silent refresh and a second attempt (log-password-change was posted twice).
      if (changed?.token) adoptToken?.(changed.token);
      // The audit entry is a separate call; the change itself has already succeeded.
      await api
        .api('/api/users/log-password-change', { method: 'POST' })
        .catch((error: unknown) => console.warn('Could not record the password change', error));
    },
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
      setErrors({});
      flash.success('Your password has been updated successfully!');
    },
    onError: (error) => {
      const text = friendly(error);
      flash.error(text);
      // a wrong current password is that field's problem
      if (error instanceof ApiError && /current password/i.test(serverMessage(error.body) ?? '')) {
        setErrors({ currentPassword: text });
        setTimeout(() => focusFirstInvalid(formRef.current));
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = ownPasswordProblems(current, next, confirm);
    setErrors(problems);
    const first = ownPasswordProblem(current, next, confirm);
    if (first) {
      flash.error(first);
      setTimeout(() => focusFirstInvalid(formRef.current));
      return;
    }
    change.mutate();
  };
  const clear = (field: PasswordField) =>
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const rest = { ...prev };
      delete rest[field];
      return rest;
    });
  const setters = { currentPassword: setCurrent, newPassword: setNext, confirmPassword: setConfirm };
  /** A field typed in: its problem is cleared until the next submit. */
  const edit = (field: PasswordField, value: string) => {
    setters[field](value);
    clear(field);
  };
  return { flash, values: { current, next, confirm }, edit, errors, formRef, submit, change };
}

export function ChangePasswordSection() {
  const { flash, values, edit, errors, formRef, submit, change } = usePasswordChange();
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Change Password
      </Title>
      <FlashMessage flash={flash.flash} testId="password-flash" />
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordFields
            fields={[
              {
                label: 'Current password',
                autoComplete: 'current-password',
                value: values.current,
                error: errors.currentPassword,
                onChange: (v) => edit('currentPassword', v),
              },
              {
                label: 'New password',
                autoComplete: 'new-password',
                value: values.next,
                error: errors.newPassword,
                onChange: (v) => edit('newPassword', v),
              },
              {
                label: 'Confirm new password',
                autoComplete: 'new-password',
                value: values.confirm,
                error: errors.confirmPassword,
                onChange: (v) => edit('confirmPassword', v),
              },
            ]}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
