import { Alert, List } from '@mantine/core';

/** The spec's error summary: every problem listed at once under one heading. */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title="Please fix the following errors:"
      role="alert"
      data-testid="form-errors"
    >
      <List size="sm">
        {errors.map((e) => (
          <List.Item key={e}>{e}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
