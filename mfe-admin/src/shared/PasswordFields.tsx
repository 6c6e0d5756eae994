import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One accessible name for every show/hide toggle, so tests and screen readers find it alike. */
const TOGGLE = { 'aria-label': 'Show or hide password' };

export function PasswordField(props: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <PasswordInput visibilityToggleButtonProps={TOGGLE} {...props} />;
}

/**
 * Controlled password inputs in a column. Only the fields: whether they match is decided by the
 * caller's own rule, because each form words its problems differently (spec 01 §5).
 */
export function PasswordFields({
  fields,
}: {
  fields: Array<{
    label: string;
    autoComplete: 'current-password' | 'new-password';
    value: string;
    onChange: (value: string) => void;
    /** The field's own problem, shown beside it. */
    error?: string;
  }>;
}) {
  return fields.map(({ label, autoComplete, value, onChange, error }) => (
    <PasswordField
      key={label}
      label={label}
      autoComplete={autoComplete}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  ));
}

/** The first password of an account being created; the edit forms never show it. */
export function AccountPasswordField({
  error,
  ...registration
}: UseFormRegisterReturn & { error: string | undefined }) {
  return (
    <PasswordField
      label="Password"
      withAsterisk
      autoComplete="new-password"
      {...registration}
      error={error}
    />
  );
}
