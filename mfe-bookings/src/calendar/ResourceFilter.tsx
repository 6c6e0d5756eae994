import { useState } from 'react';
import { ComboboxChevron, TextInput } from '@mantine/core';
import type * as ResourceSelectEntry from './ResourceSelect.tsx';

/**
 * The calendar's resource filter without Mantine's select on a cold visit (issue 9: every page
 * ≤ 350 kB). Until it is wanted the filter is a read-only input that looks like the select and
 * shows the chosen resource; pointing at it, focusing it or clicking it loads the select, which
 * then takes its place. Usually the pointer brought it before the click; if the input already
 * has the focus (clicked or tabbed to first), the select arrives focused with its list open, as
 * the click asked, so no click is lost to the input it replaces.
 */
type SelectModule = typeof ResourceSelectEntry;

let loading: Promise<SelectModule> | null = null;
function loadSelect(): Promise<SelectModule> {
  loading ??= import('./ResourceSelect.tsx').catch((error: unknown) => {
    loading = null; // a failed chunk is asked for again next time
    throw error;
  });
  return loading;
}

export interface ResourceFilterProps {
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string | null) => void;
}

export function ResourceFilter({ data, value, onChange }: ResourceFilterProps) {
  const [loaded, setLoaded] = useState<SelectModule | null>(null);
  const [focused, setFocused] = useState(false);
  const want = () => {
    if (!loaded) void loadSelect().then(setLoaded, () => undefined);
  };

  if (loaded) {
    const { Select } = loaded;
    return (
      <Select
        aria-label="Resource filter"
        data={data}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        w={200}
        autoFocus={focused}
        defaultDropdownOpened={focused}
      />
    );
  }
  return (
    <TextInput
      aria-label="Resource filter"
      // The role the select's input has (Mantine 9), so the control keeps it when the select loads.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      readOnly
      value={data.find((d) => d.value === value)?.label ?? ''}
      w={200}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      styles={{ input: { cursor: 'pointer' } }}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onClick={want}
    />
  );
}
