import { Alert } from '@mantine/core';

/** Shown to sub-users and the super admin, who may look but not change. */
export function ReadOnlyNotice({ area }: { area: 'resources' | 'pricing' }) {
  return (
    <Alert color="gray" variant="light" mb="md" data-testid="read-only-notice">
      {area === 'resources'
        ? 'Read-only view. Only Hall Owners can manage resources.'
        : 'Read-only view. Only Hall Owners can manage pricing.'}
    </Alert>
  );
}
