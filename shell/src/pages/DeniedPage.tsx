import { Stack, Title } from '@mantine/core';
import { AccessDenied, PAGE_DENIALS } from '@venue/ui';

/**
 * The page's own title above the refusal, so the page keeps a heading like every other page;
 * the refusal in the page's own words where its spec gives them (PAGE_DENIALS).
 */
export function DeniedPage({ title, path }: { title: string; path: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <AccessDenied denial={PAGE_DENIALS[path]} />
    </Stack>
  );
}
