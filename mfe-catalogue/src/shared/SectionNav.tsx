import { Box, SegmentedControl } from '@mantine/core';
import { useSession } from '@venue/ui';

const RESOURCE_PAGES = [
  { label: 'Resources', value: '/Resources' },
  { label: 'Halls/Rooms', value: '/ResourcesHalls' },
  { label: 'Public Holidays', value: '/ResourcesHolidays' },
  { label: 'Block-outs', value: '/ResourcesBlockouts' },
];

const PRICING_PAGES = [
  { label: 'Rate Cards', value: '/PricingRatecards' },
  { label: 'Add-ons', value: '/PricingAddons' },
];

/**
 * The side menu lists only the first page of each area, so the sibling pages are reached
 * from here.
 */
export function SectionNav({ area, current }: { area: 'resources' | 'pricing'; current: string }) {
  const { navigate } = useSession();
  // The four resource pages are wider than a phone; they scroll sideways rather than widen the page.
  return (
    <Box mb="md" style={{ overflowX: 'auto' }}>
      <SegmentedControl
        aria-label={area === 'resources' ? 'Resource pages' : 'Pricing pages'}
        data={area === 'resources' ? RESOURCE_PAGES : PRICING_PAGES}
        value={current}
        onChange={(to) => navigate(to)}
      />
    </Box>
  );
}
