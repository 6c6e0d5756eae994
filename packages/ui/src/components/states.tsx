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

export function AccessDenied({ message = ACCESS_DENIED_TEXT }: { message?: string }) {
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
