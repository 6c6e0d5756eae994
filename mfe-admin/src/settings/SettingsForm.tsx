import { useRef, type ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorState, LoadingState, RefreshFailedNotice, focusFirstInvalid } from '@venue/ui';
import { FlashMessage } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { SettingsField, type FieldSpec } from './SettingsFields.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

export type { FieldSpec } from './SettingsFields.tsx';
export { settingsQueryKey } from './useSettingsForm.ts';

export interface SettingsFormProps<T extends FieldValues> {
  title: string;
  intro?: ReactNode;
  /** GET and PUT here, e.g. /api/tenant-settings/invoice */
  path: string;
  /** Some endpoints wrap their answer, e.g. {bankDetails: {...}}. */
  answerKey?: string;
  fields: FieldSpec[];
  schema: z.ZodType<T>;
  defaults: T;
  saveLabel: string;
  successText: string;
  failureText: string;
  /** False: the fields are shown read-only with `readOnlyNote`. */
  canEdit: boolean;
  readOnlyNote?: string;
  testId?: string;
  /** Trims or reshapes values just before they are sent. */
  toBody?: (values: T) => unknown;
  /** After a successful save (e.g. re-read the session when the group holds a figure it carries). */
  onSaved?: () => unknown;
}

/**
 * A card that loads one settings group, edits it and saves it as a whole: with its own button,
 * or, on a page of several groups (SaveGroupsProvider), through the page's one Save. Every field's
 * message shows at once beside it, and the first is focused.
 */
export function SettingsForm<T extends FieldValues>(props: SettingsFormProps<T>) {
  const { query, form, flash, save, saveEdits, managed } = useSettingsForm(props);
  const formRef = useRef<HTMLFormElement>(null);

  if (query.isPending) {
    return (
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          {props.title}
        </Title>
        <LoadingState label="Loading settings..." />
      </Card>
    );
  }
  // Only a first read that failed replaces the card: a refresh after a save that failed keeps the
  // saved values and their success on screen (issue 24 item 9).
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={`Could not load ${props.title}`}
        message={messageOr(query.error, 'The server did not answer. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const disabled = !props.canEdit;
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          void saveEdits().then((ok) => {
            if (!ok) setTimeout(() => focusFirstInvalid(formRef.current));
          });
        }}
        noValidate
      >
        <Group justify="space-between" mb="sm" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {props.title}
            </Title>
            {props.intro ? (
              <Text size="sm" c="dimmed">
                {props.intro}
              </Text>
            ) : null}
          </Stack>
          {props.canEdit && !managed ? (
            <Button type="submit" loading={save.isPending}>
              {props.saveLabel}
            </Button>
          ) : null}
        </Group>
        {disabled && props.readOnlyNote ? (
          <Text size="sm" c="dimmed" mb="sm">
            {props.readOnlyNote}
          </Text>
        ) : null}
        <FlashMessage flash={flash.flash} />
        {query.isError ? (
          <RefreshFailedNotice message={messageOr(query.error, '')} onRetry={() => void query.refetch()} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {props.fields.map((field) => (
            <div key={field.name} style={field.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
              <SettingsField field={field} control={form.control} disabled={disabled} />
            </div>
          ))}
        </SimpleGrid>
      </form>
    </Card>
  );
}
