import type { ComponentType } from 'react';
import { ResourcesPage } from './resources/ResourcesPage.tsx';
import { HallsPage } from './halls/HallsPage.tsx';
import { HolidaysPage } from './holidays/HolidaysPage.tsx';
import { BlockoutsPage } from './blockouts/BlockoutsPage.tsx';
import { RateCardsPage } from './ratecards/RateCardsPage.tsx';
import { AddonsPage } from './addons/AddonsPage.tsx';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Resources': ResourcesPage,
  '/ResourcesHalls': HallsPage,
  '/ResourcesHolidays': HolidaysPage,
  '/ResourcesBlockouts': BlockoutsPage,
  '/PricingRatecards': RateCardsPage,
  '/PricingAddons': AddonsPage,
};
