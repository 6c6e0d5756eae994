import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { FormErrors } from '../shared/FormErrors.tsx';
import type { AddonDraft } from './addonForm.ts';
import { MoneyField, TextField } from '../shared/fields.tsx';

/** The new add-on panel spells its labels out; a row being edited sits under its column headings. */
const LABELS = {
  panel: { name: 'Add-on name', price: 'Add-on price', description: 'Add-on description', gap: 'sm' },
  row: { name: 'Name', price: 'Price', description: 'Description', gap: 'xs' },
} as const;

/** The add-on fields in one line, followed by the caller's buttons. */
export function AddonDraftForm({
  place,
  draft,
  errors,
  onChange,
  onSubmit,
  children,
}: {
  place: keyof typeof LABELS;
  draft: AddonDraft;
  errors: string[];
  onChange: (draft: AddonDraft) => void;
  /** Rejects when the server refuses; the save hook has told the user already. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const labels = LABELS[place];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit().catch(() => undefined);
      }}
    >
      <FormErrors errors={errors} />
      <Group align="flex-end" mt={errors.length ? labels.gap : 0}>
        <TextField label={labels.name} value={draft.name} onValue={(name) => onChange({ ...draft, name })} />
        <MoneyField
          label={labels.price}
          value={draft.price}
          onValue={(price) => onChange({ ...draft, price })}
          w={140}
        />
        <TextField
          label={labels.description}
          value={draft.description}
          onValue={(description) => onChange({ ...draft, description })}
          style={{ flex: 1 }}
        />
        {children}
      </Group>
    </form>
  );
}
