import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { z } from 'zod';
import { useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { CheckboxField, SwitchField } from '@venue/ui/yes-no-field';
import { problemOf, renderWithProviders } from '@venue/ui/testing';

// A body with two yes/no fields; the second must be ticked (a terms box).
const schema = z.object({
  active: z.boolean(),
  agreed: z.boolean().refine((v) => v, 'Please agree to the terms'),
});
type Values = z.output<typeof schema>;

function Form({ send }: { send: (body: Values) => Promise<void> }) {
  const { form, formRef, onSubmit } = useContractForm<Values, Values>({
    schema,
    defaultValues: { active: true, agreed: false },
  });
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(send)(event)} noValidate>
      <SwitchField control={form.control} name="active" label="Active" />
      <CheckboxField control={form.control} name="agreed" label="I agree" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('SwitchField and CheckboxField', () => {
  it("show the field's value, send its change, and say its problem on the box", async () => {
    const sent: Values[] = [];
    const { user } = renderWithProviders(<Form send={async (body) => void sent.push(body)} />);
    const active = screen.getByRole('switch', { name: 'Active' });
    const agreed = screen.getByRole('checkbox', { name: 'I agree' });
    expect(active).toBeChecked();
    expect(agreed).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please agree to the terms')).toBeVisible();
    expect(problemOf(agreed)).toBe('Please agree to the terms');
    expect(active).not.toHaveAttribute('aria-invalid');
    expect(agreed).toHaveFocus();
    expect(sent).toEqual([]);

    await user.click(active);
    await user.click(agreed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([{ active: false, agreed: true }]);
  });
});

// A choice not yet made: the form holds '' (shown as none), which the schema refuses.
const choiceSchema = z.object({ size: z.enum(['small', 'large'], { error: 'Please choose a size' }) });
type Choice = z.output<typeof choiceSchema>;

function ChoiceForm({ send }: { send: (body: Choice) => Promise<void> }) {
  const { form, formRef, onSubmit } = useContractForm<{ size: string }, Choice>({
    schema: choiceSchema,
    defaultValues: { size: '' },
  });
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(send)(event)} noValidate>
      <SelectField control={form.control} name="size" label="Size" data={['small', 'large']} fallback="" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('SelectField', () => {
  it('says a choice not made on the field, and sends the one made', async () => {
    const sent: Choice[] = [];
    const { user } = renderWithProviders(<ChoiceForm send={async (body) => void sent.push(body)} />);
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(size).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose a size')).toBeVisible();
    expect(problemOf(size)).toBe('Please choose a size');
    expect(sent).toEqual([]);

    await user.click(size);
    await user.click(await screen.findByRole('option', { name: 'large' }));
    expect(size).toHaveValue('large');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([{ size: 'large' }]);
  });
});
