import { Stack, Title } from '@mantine/core';
import { AccessDenied, PAGE_DENIALS, type Denial } from '@venue/ui';

/** A super admin at the address of one venue's page: why it is not theirs, and where to go. */
export const SUPER_ADMIN_VENUE_DENIAL: Denial = {
  title: 'A venue’s page',
  lines: [
    'This page shows one venue’s bookings, customers, money or settings. As super admin you have no venue of your own, so it would always be empty.',
    'Manage venues’ accounts under Users, and follow their activity in the Audit Log.',
  ],
  tone: 'advice',
};

/**
 * The page's own title above the refusal, so the page keeps a heading like every other page;
 * the refusal in the page's own words where its spec gives them (PAGE_DENIALS), or the one given.
 */
export function DeniedPage({ title, path, denial }: { title: string; path: string; denial?: Denial }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <AccessDenied denial={denial ?? PAGE_DENIALS[path]} />
    </Stack>
  );
}
