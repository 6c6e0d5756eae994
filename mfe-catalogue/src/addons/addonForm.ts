import { toCents } from '../shared/labels.ts';

export interface AddonDraft {
  name: string;
  price: number | '';
  description: string;
}

export const EMPTY_DRAFT: AddonDraft = { name: '', price: '', description: '' };

/** §5: name and price are needed, the price may not be negative. */
export function validateAddon(d: AddonDraft): string[] {
  const errors: string[] = [];
  if (!d.name.trim()) errors.push('Add-on name is required');
  if (d.price === '') errors.push('Price is required');
  else if (d.price < 0) errors.push('Price must be 0 or more');
  return errors;
}

/** What the server stores for a checked draft: a trimmed name and the price in cents. */
export function addonInput(d: AddonDraft): { name: string; priceCents: number; description: string } {
  return { name: d.name.trim(), priceCents: toCents(Number(d.price)), description: d.description };
}
