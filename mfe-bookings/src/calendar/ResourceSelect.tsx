// The resource filter's select, in a chunk of its own: ResourceFilter.tsx loads it when the
// filter is pointed at, focused or clicked. With it come Mantine's combobox, popover and
// floating-ui, which nothing else on a first view of the calendar needs.
export { Select } from '@mantine/core';
