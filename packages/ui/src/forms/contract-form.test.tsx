import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import type { FieldError, ResolverOptions } from 'react-hook-form';
import { ApiError, fieldErrorsOf } from '@venue/ui';
import type { Mode } from 'react-hook-form';
import {
  contractResolver,
  fieldProps,
  putServerErrors,
  useContractForm,
  type Headline,
} from '@venue/ui/contract-form';

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

describe('contractResolver: alongside and raw', () => {
  const tooMany = (v: Values) => (v.rows.length > 1 ? { rows: 'At most one row' } : {});

  it("adds the alongside rules' problems to the schema's, and to the screen's", async () => {
    const resolver = contractResolver<Values, Body>({
      schema: bodySchema,
      toBody,
      fieldOf: { priceCents: 'price' },
      screenRules: (v) => (Number.isNaN(v.price) ? { price: 'Type a price' } : {}),
      alongside: tooMany,
    });
    const rows = [{ open: '9' }, { open: '10' }];
    const checked = await resolver({ name: '', price: 1, rows }, undefined, OPTIONS);
    expect(checked.errors).toEqual({
      name: expect.objectContaining({ message: 'Name is required' }),
      rows: { type: 'screen', message: 'At most one row' },
    });
    const screened = await resolver({ name: '', price: NaN, rows }, undefined, OPTIONS);
    expect(screened.errors).toEqual({
      price: { type: 'screen', message: 'Type a price' },
      rows: { type: 'screen', message: 'At most one row' },
    });
    const fine = await resolver({ name: 'Hall', price: 1, rows: [] }, undefined, OPTIONS);
    expect(fine).toEqual({ values: { name: 'Hall', priceCents: 100, rows: [] }, errors: {} });
  });

  it("keeps a field's schema problem before an alongside one, and answers the values as typed when raw", async () => {
    const resolver = contractResolver<Values, Values>({
      schema: bodySchema,
      toBody,
      raw: true,
      alongside: () => ({ name: 'Not this name' }),
    });
    const { errors } = await resolver({ name: '', price: 1, rows: [] }, undefined, OPTIONS);
    expect(errors.name?.message).toBe('Name is required');
    const typed = { name: ' Hall ', price: 1, rows: [] };
    const plain = contractResolver<Values, Values>({ schema: bodySchema, toBody, raw: true });
    expect(await plain(typed, undefined, OPTIONS)).toEqual({ values: typed, errors: {} });
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

  // What the form holds: a list of rows with fields of their own, and a list of plain values.
  const listForm = () => {
    const put: Array<[string, FieldError]> = [];
    const form = {
      getValues: () => ({ name: '', rows: [{ open: '9' }, { open: '10' }], tags: ['a', 'b'] }),
      setError: (name: never, error: FieldError) => void put.push([name, error]),
    };
    return { form, put };
  };
  const server = (message: string) => ({ type: 'server', message });

  it("puts a row's problem on that row's field, placed as the form's fieldOf says, the first per field", () => {
    const { form, put } = listForm();
    const error = refusal([
      { path: ['rows', '1', 'open'], message: 'Opens after it closes' },
      { path: ['rows', '1', 'open'], message: 'A second word on it' },
      { path: ['name'], message: 'Name is taken' },
    ]);
    expect(putServerErrors(form, error)).toBe(2);
    expect(put).toEqual([
      ['rows.1.open', server('Opens after it closes')],
      ['name', server('Name is taken')],
    ]);

    // A body named otherwise (`lines.N.opensAt`), the list as a whole on its root.
    const renamed = listForm();
    const fieldOf = (path: string) =>
      path === 'lines' ? 'rows.root' : path.replace(/^lines\.(\d+)\.opensAt$/, 'rows.$1.open');
    const named = refusal([
      { path: ['lines', '0', 'opensAt'], message: 'Opening time is required' },
      { path: ['lines'], message: 'At most 2 rows' },
    ]);
    expect(putServerErrors(renamed.form, named, fieldOf)).toBe(2);
    expect(renamed.put).toEqual([
      ['rows.0.open', server('Opening time is required')],
      ['rows.root', server('At most 2 rows')],
    ]);
  });

  it('puts a path the form lacks on the nearest field it has, and none at all on no field', () => {
    const { form, put } = listForm();
    const error = refusal([
      { path: ['rows', '5', 'open'], message: 'No such row' },
      { path: ['tags', '1'], message: 'Unknown tag' },
      { path: ['colour', 'shade'], message: 'Unknown colour' },
    ]);
    // A row the form no longer has, and a plain list's item: said on the list, as before.
    expect(putServerErrors(form, error)).toBe(2);
    expect(put).toEqual([
      ['rows', server('No such row')],
      ['tags', server('Unknown tag')],
    ]);
    const elsewhere = listForm();
    const unknown = refusal([{ path: ['colour', 'shade'], message: 'Unknown colour' }]);
    expect(putServerErrors(elsewhere.form, unknown)).toBe(0);
    expect(elsewhere.put).toEqual([]);
  });

  it('reads a field named like an Object property as a field (constructor, __proto__)', () => {
    const error = refusal([
      { path: ['constructor'], message: 'Not a field of this form' },
      { path: ['__proto__'], message: 'Nor this' },
      { path: ['name'], message: 'Name is taken' },
    ]);
    expect(Object.entries(fieldErrorsOf(error))).toEqual([
      ['constructor', 'Not a field of this form'],
      ['__proto__', 'Nor this'],
      ['name', 'Name is taken'],
    ]);
  });
});

interface PriceFormProps {
  send: (body: Body) => Promise<void>;
  mode?: Mode;
  headline?: Headline;
}

function PriceForm({ send, mode, headline }: PriceFormProps) {
  const { form, formRef, summary, errors, failure, onSubmit } = useContractForm<Values, Body>({
    schema: bodySchema,
    toBody,
    fieldOf: { priceCents: 'price' },
    defaultValues: { name: '', price: 0, rows: [] },
    mode,
  });
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(send, headline)(e)}>
      {failure && <div role="alert">{failure}</div>}
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

  it('checks only at the submit unless asked to check while typing (mode)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<PriceForm send={async () => undefined} />);
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '-5');
    expect(screen.queryByText('Price cannot be negative')).not.toBeInTheDocument();
    unmount();

    render(<PriceForm send={async () => undefined} mode="onChange" />);
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '-5');
    expect(await screen.findByText('Price cannot be negative', { selector: 'p' })).toBeInTheDocument();
  });

  it('headlines a refusal with its message, or as asked, and clears it at the next submit', async () => {
    const user = userEvent.setup();
    let answer: Promise<void> = Promise.reject(new Error('Invoice is already paid'));
    answer.catch(() => undefined);
    const { unmount } = render(<PriceForm send={() => answer} />);
    await user.type(screen.getByLabelText('Name'), 'Main hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice is already paid');
    answer = Promise.resolve();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    const worded: Headline = (error) => (error instanceof ApiError ? null : 'Not saved');
    render(<PriceForm send={() => Promise.reject(new Error('offline'))} headline={worded} />);
    await user.type(screen.getByLabelText('Name'), 'Main hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved');
  });

  it('shows no headline when the wording says the fields tell it', async () => {
    const user = userEvent.setup();
    const error = refusal([{ path: ['priceCents'], message: 'Price is above the cap' }]);
    render(<PriceForm send={() => Promise.reject(error)} headline={() => null} />);
    await user.type(screen.getByLabelText('Name'), 'Main hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is above the cap', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

/** A field given its props by fieldProps, its problem shown as the inputs of the kit show `error`. */
function Field({ label, error, ...input }: { label: string; error: string | undefined } & object) {
  return (
    <>
      <label>
        {label}
        <input {...input} aria-invalid={Boolean(error)} />
      </label>
      {error ? <p>{error}</p> : null}
    </>
  );
}

function RowsForm() {
  const { form, onSubmit } = useContractForm<Values, Body>({
    schema: bodySchema,
    toBody,
    defaultValues: { name: 'Main hall', price: 1, rows: [{ open: '' }] },
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(async () => undefined)(e)}>
      <Field label="Name" {...fieldProps(form, 'name')} />
      <Field label="Opens" {...fieldProps(form, 'rows.0.open')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('fieldProps', () => {
  it("registers the field and gives it its own problem, a row's field too", async () => {
    render(<RowsForm />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Main hall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Opening time is required', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Opens')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    await user.type(screen.getByLabelText('Opens'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByLabelText('Opens');
    expect(screen.queryByText('Opening time is required')).not.toBeInTheDocument();
  });
});
