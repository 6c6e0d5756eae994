import type { ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';
import { addonInput } from '@venue/contracts';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import type { AddonInput } from '../api/types.ts';
import { FormErrors } from '../shared/FormErrors.tsx';
import { MoneyField } from '../shared/fields.tsx';
import type { AddonDraft } from './addonForm.ts';

/** The new add-on panel spells its labels out; a row being edited sits under its column headings. */
const LABELS = {
  panel: { name: 'Add-on name', price: 'Add-on price', description: 'Add-on description', gap: 'sm' },
  row: { name: 'Name', price: 'Price', description: 'Description', gap: 'xs' },
} as const;

/** The contract's addonInput reads the dollars and says its cents field's problems: here, on the price. */
const RENAMES = { priceCents: 'price' };

/**
 * The add-on fields in one line, followed by the caller's buttons (`children(sending)`), checked
 * by the contract's addonInput; `send` gets the parsed body (trimmed name, price in cents) and
 * rejects when the server refuses (the save hook has said so; its field errors go on the fields).
 */
export function AddonDraftForm({
  place,
  draft,
  send,
  children,
}: {
  place: keyof typeof LABELS;
  draft: AddonDraft;
  send: (input: AddonInput, reset: () => void) => Promise<void>;
  children: (sending: boolean) => ReactNode;
}) {
  const labels = LABELS[place];
  const { form, formRef, summary, onSubmit } = useContractForm<AddonDraft, AddonInput>({
    schema: addonInput,
    defaultValues: draft,
    fieldOf: RENAMES,
  });
  const submit = onSubmit((input) => send(input, () => form.reset(draft)));
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
      <FormErrors errors={summary} />
      <Group align="flex-start" mt={summary.length ? labels.gap : 0}>
        <TextInput label={labels.name} {...fieldProps(form, 'name')} />
        <MoneyField control={form.control} name="price" label={labels.price} w={140} />
        <TextInput label={labels.description} {...fieldProps(form, 'description')} style={{ flex: 1 }} />
        <Group mt="calc(var(--mantine-font-size-sm) * var(--mantine-line-height))">
          {children(form.formState.isSubmitting)}
        </Group>
      </Group>
    </form>
  );
}
