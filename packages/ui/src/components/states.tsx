import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';

export const ACCESS_DENIED_TEXT =
  "Access Denied - You don't have permission to access this page. Contact your administrator for access.";

export function NotAvailableYet({ description }: { description: string }) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="not-available-yet">
      <Stack gap="xs">
        <Text fw={600}>This page is not available yet.</Text>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A refusal in the words a page's spec gives: a title and its lines, or one message. */
export interface Denial {
  title?: string;
  lines: string[];
  /** Help's refusal is advice (whom to ask), not a warning. */
  tone?: 'refusal' | 'advice';
}

const RESOURCES_DENIAL: Denial = {
  title: 'Access Denied',
  lines: ["You don't have permission to view this page.", 'Only Hall Owners can manage resources.'],
};
const PRICING_DENIAL: Denial = { title: 'Access Denied', lines: ['Only Hall Owners can manage pricing.'] };
/**
 * Page-specific refusals (spec 01 Users, Roles & Permissions, Help; spec 03 §2.4, §2.8), by
 * page path; other pages use ACCESS_DENIED_TEXT. The shell's guard and the pages' own checks
 * both read them, so the words cannot drift apart.
 */
export const PAGE_DENIALS: Readonly<Record<string, Denial>> = {
  '/Users': {
    title: 'Access Denied',
    lines: ["You don't have permission to view this page.", 'Only Super Admins can access user management.'],
  },
  '/Resources': RESOURCES_DENIAL,
  '/ResourcesHalls': RESOURCES_DENIAL,
  '/ResourcesHolidays': RESOURCES_DENIAL,
  '/ResourcesBlockouts': RESOURCES_DENIAL,
  '/PricingRatecards': PRICING_DENIAL,
  '/PricingAddons': PRICING_DENIAL,
  '/SettingsRoles': { lines: ['Access Denied - Only Hall Owners can manage sub-users.'] },
  '/Help': {
    title: 'Contact Your Hall Owner',
    lines: ['The documentation is for hall owners. For help with VenueDesk, please contact your hall owner.'],
    tone: 'advice',
  },
};

export function AccessDenied({
  message = ACCESS_DENIED_TEXT,
  denial,
}: {
  message?: string;
  denial?: Denial;
}) {
  if (denial) {
    const advice = denial.tone === 'advice';
    return (
      <Alert
        color={advice ? 'indigo' : 'red'}
        variant="light"
        title={denial.title}
        data-testid={advice ? 'contact-hall-owner' : 'access-denied'}
        role={advice ? undefined : 'alert'}
      >
        {denial.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Alert>
    );
  }
  return (
    // The spec's text already begins "Access Denied -", so no title repeats it.
    <Alert color="red" variant="light" data-testid="access-denied" role="alert">
      {message}
    </Alert>
  );
}

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" data-testid="loading-state">
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /**
   * Heading level for the title. Without it the title is bold text: the state sits under pages,
   * cards and dialogs whose own heading levels it cannot know, and a fixed level skips one
   * somewhere (axe heading-order). The alert role already announces it.
   */
  titleOrder?: 2 | 3 | 4 | 5 | 6;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try Again',
  titleOrder,
}: ErrorStateProps) {
  return (
    <Paper withBorder p="xl" radius="md" role="alert" data-testid="error-state">
      <Stack gap="sm" align="flex-start">
        {titleOrder ? (
          <Title order={titleOrder} fz="lg">
            {title}
          </Title>
        ) : (
          <Text fw={600} fz="lg">
            {title}
          </Text>
        )}
        {message ? (
          <Text c="dimmed" size="sm">
            {message}
          </Text>
        ) : null}
        {onRetry ? (
          <Button variant="light" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A list or figures that could not be read again while what was read before is still on screen
 * (issue 24 item 9): a note beside them, never in their place, so an action that succeeded (and
 * asked for the refresh) still reads as a success. The page keeps showing the last answer.
 */
export function RefreshFailedNotice({ message, onRetry }: { message?: string | null; onRetry?: () => void }) {
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="refresh-failed" mb="sm">
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          Could not refresh just now{message ? ` (${message})` : ''}; showing what was last loaded.
        </Text>
        {onRetry ? (
          <Button size="compact-sm" variant="light" color="yellow" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text c="dimmed" size="sm" ta="center">
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}
