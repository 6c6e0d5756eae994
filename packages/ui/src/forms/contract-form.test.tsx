import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import type { FieldError, ResolverOptions } from 'react-hook-form';
import { ApiError } from '@venue/ui';
import { contractResolver, putServerErrors, useContractForm } from '@venue/ui/contract-form';

// A body as a service parses it: the price in cents, rows with their own problems.
const bodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  priceCents: z.number().int().min(0, 'Price cannot be negative'),
  rows: z.array(z.object({ open: z.string().min(1, 'Opening time is required') })),
});
type Body = z.output<typeof bodySchema>;
interface Values {
  name: string;
  price: number;
  rows: Array<{ open: string }>;
}
const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
const toBody = (v: Values) => ({ name: v.name, priceCents: Math.round(v.price * 100), rows: v.rows });

const refusal = (errors: Array<{ path: string[]; message: string }>) =>
  new ApiError('Validation failed', 400, { error: 'Validation failed', errors });

describe('contractResolver', () => {
  it('checks the body the values make and answers the parsed body', async () => {
    const resolver = contractResolver<Values, Body>({
      schema: bodySchema,
      toBody,
      fieldOf: { priceCents: 'price' },
    });
    const result = await resolver({ name: ' Hall ', price: 12.5, rows: [] }, undefined, OPTIONS);
    expect(result).toEqual({ values: { name: 'Hall', priceCents: 1250, rows: [] }, errors: {} });
  });

  it("puts a body path's problem on the field named for it; a row's stays on its row", async () => {
    const resolver = contractResolver<Values, Body>({
      schema: bodySchema,
      toBody,
      fieldOf: { priceCents: 'price' },
    });
    const { errors } = await resolver({ name: '', price: -1, rows: [{ open: '' }] }, undefined, OPTIONS);
    expect(errors.name?.message).toBe('Name is required');
    expect(errors.price?.message).toBe('Price cannot be negative');
    expect(errors.rows?.[0]?.open?.message).toBe('Opening time is required');
    expect(Object.keys(errors)).toEqual(['name', 'price', 'rows']);
  });

  it('with a function, keeps the first problem per field', async () => {
    const resolver = contractResolver<Values, Body>({ schema: bodySchema, toBody, fieldOf: () => 'name' });
    const { errors } = await resolver({ name: '', price: -1, rows: [] }, undefined, OPTIONS);
    expect(errors).toEqual({ name: expect.objectContaining({ message: 'Name is required' }) });
  });

  it("checks the screen's own rules first, and the body only when they pass", async () => {
    const resolver = contractResolver<Values, Body>({
      schema: bodySchema,
      toBody,
      screenRules: (v) => (v.rows.length ? {} : { rows: 'Add at least one row' }),
    });
    const { errors } = await resolver({ name: '', price: 1, rows: [] }, undefined, OPTIONS);
    expect(errors).toEqual({ rows: { type: 'screen', message: 'Add at least one row' } });
  });
});

describe('putServerErrors', () => {
  it("puts a refusal's field errors on the form's fields, renamed, skipping fields it lacks", () => {
    const put: Array<[string, FieldError]> = [];
    const form = {
      getValues: () => ({ name: '', price: 0 }),
      setError: (name: never, error: FieldError) => void put.push([name, error]),
    };
    const error = refusal([
      { path: ['priceCents'], message: 'Price is too high' },
      { path: ['colour'], message: 'Unknown colour' },
    ]);
    expect(putServerErrors(form, error, { priceCents: 'price' })).toBe(1);
    expect(put).toEqual([['price', { type: 'server', message: 'Price is too high' }]]);
    expect(putServerErrors(form, new Error('offline'))).toBe(0);
  });
});

function PriceForm({ send }: { send: (body: Body) => Promise<void> }) {
  const { form, formRef, summary, errors, onSubmit } = useContractForm<Values, Body>({
    schema: bodySchema,
    toBody,
    fieldOf: { priceCents: 'price' },
    defaultValues: { name: '', price: 0, rows: [] },
  });
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(send)(e)}>
      <ul aria-label="Problems">
        {summary.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <label>
        Name
        <input {...form.register('name')} aria-invalid={Boolean(errors.name)} />
      </label>
      <label>
        Price
        <input {...form.register('price', { valueAsNumber: true })} aria-invalid={Boolean(errors.price)} />
      </label>
      <p>{errors.price?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useContractForm', () => {
  it('lists the problems, focuses the first, and sends the parsed body once they are fixed', async () => {
    const sent: Body[] = [];
    render(<PriceForm send={async (body) => void sent.push(body)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Name is required');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Main hall');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '99.99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([{ name: 'Main hall', priceCents: 9999, rows: [] }]);
  });

  it("puts the server's field errors on their fields and focuses the first", async () => {
    render(
      <PriceForm
        send={() => Promise.reject(refusal([{ path: ['priceCents'], message: 'Price is above the cap' }]))}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Main hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is above the cap', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Price is above the cap');
    expect(screen.getByLabelText('Price')).toHaveFocus();
  });
});
