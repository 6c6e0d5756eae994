import { useEffect } from 'react';
import { Fieldset, TextInput, Textarea } from '@mantine/core';
import { resourceInput } from '@venue/contracts';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import type { Resource, ResourceInput } from '../api/types.ts';
import { useSaveResource } from '../api/hooks.ts';
import { TYPE_OPTIONS } from '../shared/labels.ts';
import { WholeNumberField } from '../shared/fields.tsx';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { emptyResource, toInput } from '../halls/resourceForm.ts';
import { ResourcePhoto } from '../photos/ResourcePhoto.tsx';

/**
 * The §2.4 form: name, type and capacity; the code is the server's and only shown. The rest of
 * the resource goes back as it was (a new one: the spec's defaults), checked by the contract's
 * resourceInput as the service checks it.
 */
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
  const { form, formRef, summary, onSubmit } = useContractForm<ResourceInput, ResourceInput>({
    schema: resourceInput,
    defaultValues: emptyResource(),
  });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset(resource ? toInput(resource) : emptyResource());
  }, [opened, resource, reset]);

  const submit = onSubmit(async (input) => {
    await save.mutateAsync({ id: resource?.id, input });
    notifySuccess(resource ? 'Resource updated successfully!' : 'Resource created successfully!');
    onClose();
  });

  return (
    <FormDialog
      opened={opened}
      title={resource ? 'Edit Resource' : 'Add Resource'}
      errors={summary}
      busy={save.isPending || form.formState.isSubmitting}
      submitLabel={resource ? 'Update Resource' : 'Create Resource'}
      onClose={onClose}
      onSubmit={submit}
      formRef={formRef}
    >
      <TextInput label="Name" required {...fieldProps(form, 'name')} />
      {resource ? <TextInput label="Code" value={resource.code} readOnly disabled /> : null}
      <SelectField
        control={form.control}
        name="type"
        label="Type"
        required
        data={TYPE_OPTIONS}
        fallback="hall"
        allowDeselect={false}
      />
      {/* A non-numeric entry counts as 0 (spec 03 §5). */}
      <WholeNumberField control={form.control} name="capacity" label="Capacity" required min={0} />
      <Textarea label="Description" {...fieldProps(form, 'description')} />
      {resource ? (
        <Fieldset legend="Photo">
          <ResourcePhoto resource={resource} />
        </Fieldset>
      ) : null}
    </FormDialog>
  );
}
