import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';

export function NotFoundPage() {
  return (
    <Stack gap="xs" data-testid="not-found">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to="/Welcome">
        Go to the welcome page
      </Anchor>
    </Stack>
  );
}
