/** The frame every Dashboard card shares: a titled section, and the line shown when it is empty. */
import type { ReactNode } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {text}
    </Text>
  );
}
