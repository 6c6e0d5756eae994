import { operation } from '@venue/service-kit';
import { anyPermission } from '../../shared/common.ts';
import { quoteFor } from '../price-quote.ts';

/** A booking's price: needed by every screen that prices one, not only the rate-card page. */
export const postPriceQuote = operation(
  'post /api/price-quote',
  { guard: anyPermission(['pricing', 'resources', 'bookings', 'quotations', 'calendar', 'invoices']) },
  ({ tx, body }) => quoteFor(tx, body),
);
