import { useEffect, useState } from 'react';
import { Fieldset, NumberInput, Select, TextInput } from '@mantine/core';
import type { Resource, ResourceType } from '../api/types.ts';
import { useSaveResource } from '../api/hooks.ts';
import { TYPE_OPTIONS, numberFrom } from '../shared/labels.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { emptyResource, toInput, validateResource } from '../halls/resourceForm.ts';
import { NotesField, TextField } from '../shared/fields.tsx';
import { ResourcePhoto } from '../photos/ResourcePhoto.tsx';

/** The §2.4 form: name, type and capacity; the code is the server's and only shown. */
export function ResourceDialog({
  opened,
  resource,
  onClose,
}: {
  opened: boolean;
  resource: Resource | null;
  onClose: () => void;
}) {
  const save = useSaveResource();
  const [name, setName] = useState('');
  const [type, setType] = useState<ResourceType>('hall');
  const [capacity, setCapacity] = useState<number>(0);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setName(resource?.name ?? '');
    setType(resource?.type ?? 'hall');
    setCapacity(resource?.capacity ?? 0);
    setDescription(resource?.description ?? '');
    setErrors([]);
  }, [opened, resource]);

  async function submit() {
    const base = resource ? toInput(resource) : emptyResource();
    const input = { ...base, name: name.trim(), type, capacity, description };
    const problems = validateResource(input);
    setErrors(problems);
    if (problems.length) return;
    await save.mutateAsync({ id: resource?.id, input });
    notifySuccess(resource ? 'Resource updated successfully!' : 'Resource created successfully!');
    onClose();
  }

  return (
    <FormDialog
      opened={opened}
      title={resource ? 'Edit Resource' : 'Add Resource'}
      errors={errors}
      busy={save.isPending}
      submitLabel={resource ? 'Update Resource' : 'Create Resource'}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" required value={name} onValue={setName} />
      {resource ? <TextInput label="Code" value={resource.code} readOnly disabled /> : null}
      <Select
        label="Type"
        required
        data={TYPE_OPTIONS}
        value={type}
        allowDeselect={false}
        onChange={(v) => setType((v as ResourceType) ?? 'hall')}
      />
      <NumberInput
        label="Capacity"
        required
        min={0}
        allowDecimal={false}
        value={capacity}
        // A non-numeric entry counts as 0 (spec 03 §5).
        onChange={(v) => setCapacity(numberFrom(v))}
      />
      <NotesField label="Description" value={description} onValue={setDescription} />
      {resource ? (
        <Fieldset legend="Photo">
          <ResourcePhoto resource={resource} />
        </Fieldset>
      ) : null}
    </FormDialog>
  );
}
