/**
 * Rate cards, the price quote and add-ons (spec 03 §7): each call of the contract's table is one
 * named handler in `handlers/`, served by the kit with the table's guard (the owner's for writes:
 * `PRICING_OWNER`), its parsed request and the request's transaction (issue 28 item 2).
 */
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import { deleteAddon, listAddons, postAddon, putAddon } from './handlers/addons.ts';
import { postPriceQuote } from './handlers/price-quote.ts';
import { deletePricing, getPricing, listPricing, postPricing, putPricing } from './handlers/rate-cards.ts';

export function pricingRoutes(router: AppRouter): void {
  serveOperations(router, catalogueTable(/^\/api\/(pricing|price-quote|addons)/), [
    listPricing,
    getPricing,
    postPricing,
    putPricing,
    deletePricing,
    postPriceQuote,
    listAddons,
    postAddon,
    putAddon,
    deleteAddon,
  ]);
}
