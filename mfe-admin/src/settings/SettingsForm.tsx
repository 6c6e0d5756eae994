import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ApiError,
  ErrorState,
  LoadingState,
  RefreshFailedNotice,
  focusFirstInvalid,
  formatMoney,
  useSession,
} from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { useSaveGroup } from './save-groups.tsx';

export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'email' | 'textarea'; description?: string; span?: 2 }
  | {
      name: string;
      label: string;
      kind: 'number';
      min: number;
      max?: number;
      step?: number;
      decimals?: number;
      description?: string;
      span?: 2;
    }
  | { name: string; label: string; kind: 'money'; description?: string; span?: 2 }
  | { name: string; label: string; kind: 'switch'; description?: string; span?: 2 }
  | { name: string; label: string; kind: 'days'; description?: string; span?: 2 }
  | {
      name: string;
      label: string;
      kind: 'select';
      options: Array<{ value: string; label: string }>;
      numeric?: boolean;
      description?: string;
      span?: 2;
    };

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

export function settingsQueryKey(path: string) {
  return ['admin', 'tenant-settings', path];
}

/**
 * A card that loads one settings group, edits it and saves it as a whole: with its own button,
 * or, on a page of several groups (SaveGroupsProvider), through the page's one Save. Every field's
 * message shows at once beside it, and the first is focused.
 */
export function SettingsForm<T extends FieldValues>(props: SettingsFormProps<T>) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const key = settingsQueryKey(props.path);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const raw = await api.api<Record<string, unknown>>(props.path);
      const body = props.answerKey && raw && typeof raw === 'object' ? raw[props.answerKey] : raw;
      return { ...props.defaults, ...(body && typeof body === 'object' ? body : {}) } as T;
    },
  });
  const form = useForm<T>({
    resolver: zodResolver(props.schema as never) as unknown as Resolver<T>,
    defaultValues: props.defaults as never,
    // The fields are Controller-drawn Mantine inputs: the first invalid one is focused by what
    // it says of itself (aria-invalid), here or by the page's Save.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { reset } = form;
  useEffect(() => {
    if (query.data) reset(query.data);
  }, [query.data, reset]);

  const save = useMutation({
    mutationFn: (values: T) =>
      api.api(props.path, { method: 'PUT', body: props.toBody ? props.toBody(values) : values }),
    onSuccess: (_answer, values) => {
      // What was saved is what the form now starts from: no edits are left unsaved.
      form.reset(values);
      if (!managed) flash.success(props.successText);
      void queryClient.invalidateQueries({ queryKey: key });
      void props.onSaved?.();
    },
    onError: (error) => {
      // Field-level answers from the server land on their fields as well as in the banner.
      if (error instanceof ApiError && error.body && typeof error.body === 'object') {
        const errors = (error.body as { errors?: Array<{ path?: unknown; message?: string }> }).errors;
        for (const e of errors ?? []) {
          const field = Array.isArray(e.path) ? String(e.path[0]) : String(e.path ?? '');
          if (props.fields.some((f) => f.name === field) && e.message) {
            form.setError(field as never, { message: e.message });
          }
        }
      }
      flash.error(messageOr(error, props.failureText));
    },
  });

  /** Checks and saves the edits; false when a field is refused or the save failed. */
  const saveEdits = () =>
    new Promise<boolean>((resolve) => {
      void form.handleSubmit(
        (values) =>
          save.mutateAsync(values).then(
            () => resolve(true),
            () => resolve(false),
          ),
        () => resolve(false),
      )();
    });
  const managed = useSaveGroup(props.path, props.title, props.canEdit && form.formState.isDirty, saveEdits);

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
              <Controller
                control={form.control}
                name={field.name as never}
                render={({ field: f, fieldState }) => {
                  const common = {
                    label: field.label,
                    description: field.description,
                    error: fieldState.error?.message,
                    disabled,
                  };
                  const value = f.value as unknown;
                  switch (field.kind) {
                    case 'switch':
                      return (
                        <Switch
                          label={field.label}
                          description={field.description}
                          disabled={disabled}
                          checked={Boolean(value)}
                          onChange={(e) => f.onChange(e.currentTarget.checked)}
                          mt="md"
                        />
                      );
                    case 'textarea':
                      return (
                        <Textarea
                          {...common}
                          autosize
                          minRows={3}
                          value={String(value ?? '')}
                          onChange={(e) => f.onChange(e.currentTarget.value)}
                          onBlur={f.onBlur}
                        />
                      );
                    case 'number':
                      return (
                        <NumberInput
                          {...common}
                          min={field.min}
                          max={field.max}
                          step={field.step ?? 1}
                          decimalScale={field.decimals ?? 0}
                          clampBehavior="none"
                          value={typeof value === 'number' ? value : ''}
                          onChange={(v) => f.onChange(toNumber(v))}
                          onBlur={f.onBlur}
                        />
                      );
                    case 'money':
                      return (
                        <MoneyInput
                          {...common}
                          description={field.description}
                          cents={typeof value === 'number' ? value : Number.NaN}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                        />
                      );
                    case 'days':
                      return (
                        <DaysInput
                          {...common}
                          value={Array.isArray(value) ? (value as number[]) : []}
                          onChange={f.onChange}
                        />
                      );
                    case 'select':
                      return (
                        <NativeSelect
                          {...common}
                          data={field.options}
                          value={String(value ?? '')}
                          onChange={(e) =>
                            f.onChange(field.numeric ? Number(e.currentTarget.value) : e.currentTarget.value)
                          }
                        />
                      );
                    default:
                      return (
                        <TextInput
                          {...common}
                          type={field.kind === 'email' ? 'email' : 'text'}
                          value={String(value ?? '')}
                          onChange={(e) => f.onChange(e.currentTarget.value)}
                          onBlur={f.onBlur}
                        />
                      );
                  }
                }}
              />
            </div>
          ))}
        </SimpleGrid>
      </form>
    </Card>
  );
}

/** "7, 3, 1" ⇄ [7, 3, 1]; the text stays as typed, the numbers follow it. */
function DaysInput({
  value,
  onChange,
  ...rest
}: {
  label: string;
  description?: string;
  error?: string;
  disabled: boolean;
  value: number[];
  onChange: (v: number[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  const joined = value.join(', ');
  useEffect(() => {
    // Follow a value loaded from the server, but not the user's own half-typed text.
    setText((t) => (parseDays(t).join(', ') === joined ? t : joined));
  }, [joined]);
  return (
    <TextInput
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseDays(e.currentTarget.value));
      }}
    />
  );
}

function parseDays(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
}

/** Mantine hands back a string while the text is not a plain number yet ('12.', '1234.50'). */
function toNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? Number.NaN : Number(v);
}

/** Dollars as typed, integer cents in the form; the formatted amount is shown underneath. */
function MoneyInput({
  cents,
  onChange,
  onBlur,
  description,
  ...rest
}: {
  label: string;
  description?: string;
  error?: string;
  disabled: boolean;
  cents: number;
  onChange: (cents: number) => void;
  onBlur: () => void;
}) {
  const { settings } = useSession();
  const [text, setText] = useState<number | string>(Number.isFinite(cents) ? cents / 100 : '');
  useEffect(() => {
    // Follow a value loaded from the server, but not the user's own half-typed amount.
    setText((t) => {
      const typed = Math.round(toNumber(t) * 100);
      return typed === cents || !Number.isFinite(cents) ? t : cents / 100;
    });
  }, [cents]);
  const shown = Number.isFinite(cents) ? formatMoney(cents, settings) : '—';
  return (
    <NumberInput
      {...rest}
      description={`${description ? `${description} ` : ''}Shown as ${shown}.`}
      min={0}
      step={1}
      decimalScale={2}
      clampBehavior="none"
      value={text}
      onChange={(v) => {
        setText(v);
        const n = toNumber(v);
        onChange(Number.isFinite(n) ? Math.round(n * 100) : Number.NaN);
      }}
      onBlur={onBlur}
    />
  );
}
