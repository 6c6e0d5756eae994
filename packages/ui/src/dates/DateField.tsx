/**
 * A date field in the user's date format (DD/MM/YYYY for most tenants) with a calendar picker,
 * instead of the browser's native date input, which shows mm/dd/yyyy in an en-US browser
 * whatever the tenant chose. The value in and out stays `yyyy-MM-dd` (what the API takes), ''
 * when empty.
 *
 * Imported as `@venue/ui/date-field`, not from the UI kit's index: the kit is a shared
 * singleton that every page loads, and Mantine's dates (with dayjs and its style sheet) belong
 * only to the pages with a date to type. The session comes through the shared kit.
 */
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useSession } from '@venue/ui';
import { parseDateText } from './parse-date.ts';

// For a page that shows a plain input until the picker has loaded (the Audit filters): the same
// reading of typed text, from the chunk it loads anyway.
export { parseDateText };

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'
> {
  /** yyyy-MM-dd, or '' for none */
  value: string;
  onChange: (value: string) => void;
}

export function DateField({
  value,
  onChange,
  placeholder,
  onFocus,
  onClick,
  onBlur,
  onKeyDown,
  popoverProps,
  ...props
}: DateFieldProps) {
  const { settings } = useSession();
  const dateFormat = settings.dateFormat;
  // The calendar opens on focus or click and closes once a whole date is typed or picked:
  // left open (Mantine reopens it on every keystroke) it covers the fields below it.
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      // Emptying the field empties the value (a required field then says so), for every field.
      allowDeselect
      {...props}
      value={value || null}
      onChange={(v) => {
        if (v) setOpened(false);
        onChange(v ?? '');
      }}
      valueFormat={dateFormat}
      dateParser={(text) => parseDateText(text, dateFormat)}
      placeholder={placeholder ?? dateFormat}
      firstDayOfWeek={1}
      popoverProps={{ ...popoverProps, opened, onDismiss: () => setOpened(false) }}
      onFocus={(e) => {
        setOpened(true);
        onFocus?.(e);
      }}
      onClick={(e) => {
        setOpened(true);
        onClick?.(e);
      }}
      onBlur={(e) => {
        setOpened(false);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpened(false);
        onKeyDown?.(e);
      }}
    />
  );
}
