/**
 * A report panel: a titled region (so a screen reader lists it and a test finds it by name),
 * an optional caption saying what the figures count (e.g. revenue by event date), and its body
 * or the spec's empty message.
 */
import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

export function Panel({
  title,
  caption,
  actions,
  empty,
  children,
  testId,
}: {
  title: string;
  caption?: ReactNode;
  actions?: ReactNode;
  /** The spec's empty message; when given it replaces the body. */
  empty?: string | null;
  children?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {caption ? (
              <Text size="xs" c="dimmed">
                {caption}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
        {empty ? (
          <Text c="dimmed" size="sm" py="md" ta="center" data-testid="panel-empty">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
