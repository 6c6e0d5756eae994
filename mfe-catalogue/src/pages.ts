import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Resources': lazyPage(() => import('./resources/ResourcesPage.tsx'), 'ResourcesPage'),
  '/ResourcesHalls': lazyPage(() => import('./halls/HallsPage.tsx'), 'HallsPage'),
  '/ResourcesHolidays': lazyPage(() => import('./holidays/HolidaysPage.tsx'), 'HolidaysPage'),
  '/ResourcesBlockouts': lazyPage(() => import('./blockouts/BlockoutsPage.tsx'), 'BlockoutsPage'),
  '/PricingRatecards': lazyPage(() => import('./ratecards/RateCardsPage.tsx'), 'RateCardsPage'),
  '/PricingAddons': lazyPage(() => import('./addons/AddonsPage.tsx'), 'AddonsPage'),
};
