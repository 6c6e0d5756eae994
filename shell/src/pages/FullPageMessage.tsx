import { Center, Text } from '@mantine/core';

/** Spec 01 §2: while the session loads the guard shows exactly 'Loading...'. */
export function SessionLoading() {
  return (
    <Center mih="100vh" data-testid="session-loading">
      <Text c="dimmed">Loading...</Text>
    </Center>
  );
}
