import { Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@venue/ui';

export function WelcomePage() {
  return (
    <Stack gap="xs" data-testid="welcome">
      <Title order={1}>Welcome to {PRODUCT_NAME}</Title>
      <Text c="dimmed">Please select a menu item to get started.</Text>
    </Stack>
  );
}
