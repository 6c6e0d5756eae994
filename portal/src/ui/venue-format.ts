/** The venue's formats (time zone, date and time format, currency): every page shows its figures in them. */
import { createContext, useContext } from 'react';
import type { Country } from '@venue/contracts';
import type { FormatSettings } from '@venue/ui/light';

export interface VenueFormat extends Required<FormatSettings> {
  country: Country;
}

export const DEFAULT_FORMAT: VenueFormat = {
  timezone: 'Australia/Sydney',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'AUD',
  country: 'AU',
};

export const VenueFormatContext = createContext<VenueFormat>(DEFAULT_FORMAT);

export const useVenueFormat = () => useContext(VenueFormatContext);

export function formatOf(venue: {
  /** Any IANA zone the venue's settings hold; the formatters read it with TZDate. */
  timezone: string;
  dateFormat: VenueFormat['dateFormat'];
  timeFormat: VenueFormat['timeFormat'];
  currency: VenueFormat['currency'];
  country: Country;
}): VenueFormat {
  return {
    timezone: venue.timezone as VenueFormat['timezone'],
    dateFormat: venue.dateFormat,
    timeFormat: venue.timeFormat,
    currency: venue.currency,
    country: venue.country,
  };
}
