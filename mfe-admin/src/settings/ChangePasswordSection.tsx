import { Button, Card, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ownPasswordChangeProblem } from '@venue/contracts';
import { changeOwnPasswordSchema } from '@venue/contracts/admin';
import { serverMessage, ApiError, useSession } from '@venue/ui';
import { fieldProps, putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { PasswordField } from '../shared/PasswordFields.tsx';

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

type PasswordValues = Record<PasswordField, string>;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The three fields, checked by the schema the service parses the change with; the service names
 * one problem at a time, the screen every field's at once (the same rule, `ownPasswordProblems`).
 */
function usePasswordChange() {
  const { api, adoptToken } = useSession();
  const flash = useFlash();
  const { form, formRef, errors } = useContractForm<PasswordValues, PasswordValues>({
    schema: changeOwnPasswordSchema,
    defaultValues: EMPTY,
    screenRules: (v) => ownPasswordProblems(v.currentPassword, v.newPassword, v.confirmPassword),
  });

  const change = useMutation({
    mutationFn: async (body: PasswordValues) => {
      const changed = await api.api<{ token?: string }>('/api/users/change-password', {
        method: 'POST',
        body,
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
      form.reset(EMPTY);
      flash.success('Your password has been updated successfully!');
    },
  });

  const submit = form.handleSubmit(
    (body) =>
      change.mutateAsync(body).catch((error: unknown) => {
        const text = friendly(error);
        flash.error(text);
        // a 400's field errors on their fields; a wrong current password is that field's problem
        putServerErrors(form, error);
        if (error instanceof ApiError && /current password/i.test(serverMessage(error.body) ?? '')) {
          form.setError('currentPassword', { type: 'server', message: text });
        }
      }),
    () => {
      const v = form.getValues();
      flash.error(ownPasswordProblem(v.currentPassword, v.newPassword, v.confirmPassword) ?? '');
    },
  );
  return { flash, form, errors, formRef, submit, change };
}

export function ChangePasswordSection() {
  const { flash, form, formRef, submit, change } = usePasswordChange();
  const field = (name: PasswordField, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField label={label} autoComplete={autoComplete} {...fieldProps(form, name)} />
  );
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Change Password
      </Title>
      <FlashMessage flash={flash.flash} testId="password-flash" />
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password')}
          {field('confirmPassword', 'Confirm new password', 'new-password')}
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
