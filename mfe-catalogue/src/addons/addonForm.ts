import { addonFormMessages } from '@venue/contracts';
import { toCents } from '../shared/labels.ts';

export interface AddonDraft {
  name: string;
  price: number | '';
  description: string;
}

export const EMPTY_DRAFT: AddonDraft = { name: '', price: '', description: '' };

/** §5: name and price are needed, the price may not be negative (the service's own rules). */
export function validateAddon(d: AddonDraft): string[] {
  return addonFormMessages({ name: d.name, price: d.price, description: d.description });
}

/** What the server stores for a checked draft: a trimmed name and the price in cents. */
export function addonInput(d: AddonDraft): { name: string; priceCents: number; description: string } {
  return { name: d.name.trim(), priceCents: toCents(Number(d.price)), description: d.description };
}
