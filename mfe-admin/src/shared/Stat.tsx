import { Card, Text } from '@mantine/core';

/**
 * A figure in a card (Roles, Users, Audit). Its own module so a page showing figures does not
 * pull another page's code (and its dialogs) into its chunk.
 */
export function Stat({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4}>
        {value}
      </Text>
    </Card>
  );
}
