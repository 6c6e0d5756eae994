import { Group, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { useFormat } from '../shared/format.ts';

/** What the form sends: an add-on of the catalogue and how many. */
export interface AddOnChoice {
  id: string;
  quantity: number;
}

/** An add-on as the catalogue lists it (GET /api/addons). */
interface CatalogueAddOn {
  id: string;
  name: string;
  priceCents: number;
  description: string;
}

/** A line of the price quote: the add-on priced for its quantity. */
export interface QuotedAddOn {
  id: string;
  name: string;
  quantity: number;
  priceCents: number;
}

const MAX_QUANTITY = 1000;

function useAddOns() {
  const { api } = useSession();
  return useQuery({
    queryKey: ['addons'],
    queryFn: () => api.request<CatalogueAddOn[]>('fetch add-ons', 'GET', '/api/addons'),
    staleTime: 60_000,
  });
}

/**
 * The booking's add-ons, each with a quantity. Each line shows its price from the quote the
 * form already asks for (the server prices the booking the same way when it is saved); until
 * the quote is back, the catalogue's unit price.
 */
export function AddOnsField({
  value,
  onChange,
  quoted,
}: {
  value: AddOnChoice[];
  onChange: (value: AddOnChoice[]) => void;
  quoted: QuotedAddOn[] | null | undefined;
}) {
  const fmt = useFormat();
  const addOns = useAddOns();
  const byId = new Map((addOns.data ?? []).map((a) => [a.id, a]));
  const options = (addOns.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.name} (${fmt.money(a.priceCents)})`,
  }));
  // An add-on the booking has that the catalogue no longer lists stays visible to be removed.
  for (const v of value)
    if (!byId.has(v.id)) options.push({ value: v.id, label: 'Add-on no longer offered' });

  const choose = (ids: string[]) =>
    onChange(ids.map((id) => value.find((v) => v.id === id) ?? { id, quantity: 1 }));
  const setQuantity = (id: string, quantity: number) =>
    onChange(value.map((v) => (v.id === id ? { ...v, quantity } : v)));

  return (
    <Stack gap="xs">
      <MultiSelect
        label="Add-ons"
        data={options}
        value={value.map((v) => v.id)}
        onChange={choose}
        searchable
        clearable
        placeholder={
          addOns.isLoading ? 'Loading add-ons...' : value.length ? undefined : 'None (choose to add)'
        }
        error={addOns.isError ? 'Add-ons could not be loaded' : undefined}
      />
      {value.map((v) => {
        const a = byId.get(v.id);
        const line = quoted?.find((q) => q.id === v.id);
        const name = a?.name ?? line?.name ?? 'Add-on';
        return (
          <Group key={v.id} gap="sm" wrap="nowrap" data-testid="addon-line">
            <Text size="sm" style={{ flex: 1 }}>
              {name}
            </Text>
            <NumberInput
              aria-label={`Quantity of ${name}`}
              w={96}
              min={1}
              max={MAX_QUANTITY}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={v.quantity}
              onChange={(q) => setQuantity(v.id, typeof q === 'number' && q >= 1 ? q : 1)}
            />
            <Text size="sm" w={110} ta="right">
              {line ? fmt.money(line.priceCents) : a ? `${fmt.money(a.priceCents * v.quantity)}` : '—'}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
