import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useSession } from '@venue/ui';
import { loadOnce } from '@venue/ui/load-once';
import type * as DateFieldEntry from '@venue/ui/date-field';

/**
 * A date filter (the Audit page's Start/End Date, the Dashboard's Date) without Mantine's date
 * picker and dayjs on a cold visit (issue 9: every page ≤ 350 kB; on the Dashboard, a page at the
 * edge, they were 14 kB gzipped). Until the picker's code is wanted, the field is a plain
 * text input that looks the same; pointing at it or focusing it fetches the picker (the UI kit's
 * DateField, one chunk with its parser), and the field becomes the picker once it is here: at
 * once, or, while text is being typed into the plain input, when that input loses focus. Text
 * typed before then is read with the kit's parser (the user's date format, never the browser's
 * US month/day guess), so the filter applies as it does with the picker.
 */
type DateFieldModule = typeof DateFieldEntry;

const loadPicker = loadOnce(() => import('@venue/ui/date-field'));

/** `yyyy-MM-dd` in the user's format (DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD). */
function shown(iso: string, dateFormat: string): string {
  if (!iso) return '';
  const [y = '', m = '', d = ''] = iso.split('-');
  return dateFormat.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

export function DateFilter({
  label,
  value,
  onChange,
  placeholder,
  clearable = false,
  w,
}: {
  label: string;
  /** yyyy-MM-dd, or '' for none */
  value: string;
  onChange: (value: string) => void;
  /** the user's date format unless given */
  placeholder?: string;
  /** the picker's clear button */
  clearable?: boolean;
  w?: number;
}) {
  const { settings } = useSession();
  const [loaded, setLoaded] = useState<DateFieldModule | null>(null);
  const [focused, setFocused] = useState(false);
  // What is being typed into the plain input (null: it shows the value).
  const [text, setText] = useState<string | null>(null);

  const want = () => {
    if (!loaded) void loadPicker().then(setLoaded, () => undefined);
  };

  if (loaded && !(focused && text !== null)) {
    const { DateField } = loaded;
    return (
      <DateField
        label={label}
        placeholder={placeholder}
        clearable={clearable}
        value={value}
        onChange={onChange}
        autoFocus={focused}
        w={w}
      />
    );
  }
  return (
    <TextInput
      label={label}
      placeholder={placeholder ?? settings.dateFormat}
      w={w}
      value={text ?? shown(value, settings.dateFormat)}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        // Read in the order typed (one module promise); a half-typed date changes nothing yet.
        void loadPicker().then(
          (m) => {
            const iso = typed.trim() ? m.parseDateText(typed, settings.dateFormat) : '';
            if (iso !== null) onChange(iso);
          },
          () => undefined,
        );
      }}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => {
        setFocused(false);
        setText(null);
      }}
    />
  );
}
