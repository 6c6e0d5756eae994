import { lazy, type ComponentType } from 'react';

/**
 * Each page is its own chunk, loaded when first shown: a visit downloads that page's code and
 * the libraries only it uses, not every screen of the section.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Resources': lazyPage(() => import('./resources/ResourcesPage.tsx'), 'ResourcesPage'),
  '/ResourcesHalls': lazyPage(() => import('./halls/HallsPage.tsx'), 'HallsPage'),
  '/ResourcesHolidays': lazyPage(() => import('./holidays/HolidaysPage.tsx'), 'HolidaysPage'),
  '/ResourcesBlockouts': lazyPage(() => import('./blockouts/BlockoutsPage.tsx'), 'BlockoutsPage'),
  '/PricingRatecards': lazyPage(() => import('./ratecards/RateCardsPage.tsx'), 'RateCardsPage'),
  '/PricingAddons': lazyPage(() => import('./addons/AddonsPage.tsx'), 'AddonsPage'),
};
