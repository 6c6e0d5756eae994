/**
 * The search box above a list, written once (issue 28 item 4): a text field whose every change is
 * the new search, and, where a list asks for it, Escape empties it. The label, placeholder and
 * size are the list's own. Imported as `@venue/ui/search-field`: each app bundles it with the
 * pages that use it.
 */
import type { KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

export interface SearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown'> {
  value: string;
  /** The search as typed, on every change (and '' when Escape empties it). */
  onSearch: (search: string) => void;
  /** Escape empties the box. */
  clearOnEscape?: boolean;
}

export function SearchField({ value, onSearch, clearOnEscape = false, ...rest }: SearchFieldProps) {
  const escape = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') onSearch('');
  };
  return (
    <TextInput
      {...rest}
      value={value}
      onChange={(e) => onSearch(e.currentTarget.value)}
      onKeyDown={clearOnEscape ? escape : undefined}
    />
  );
}
