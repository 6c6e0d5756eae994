import { Stack, Title } from '@mantine/core';
import { AccessDenied } from '@venue/ui';

/** The page's own title above the refusal, so the page keeps a heading like every other page. */
export function DeniedPage({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <AccessDenied />
    </Stack>
  );
}
