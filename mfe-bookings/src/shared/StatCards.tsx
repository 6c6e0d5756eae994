import { Paper, SimpleGrid, Text } from '@mantine/core';

export function StatCards({ cards }: { cards: { label: string; value: string | number }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
      {cards.map((c) => (
        <Paper key={c.label} withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {c.label}
          </Text>
          <Text fz="xl" fw={700}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
