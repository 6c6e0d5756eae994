/**
 * The small red text button of an item's removing action (Delete, Revoke) in a table row or on a
 * card, its look written once (issue 28 item 4). Everything else (its words, accessible name,
 * `loading`, `onClick`) is the caller's. Imported as `@venue/ui/danger-button`.
 */
import type { ComponentPropsWithoutRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

export type DangerButtonProps = Omit<ButtonProps, 'size' | 'variant' | 'color'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

export function DangerButton(props: DangerButtonProps) {
  return <Button size="xs" variant="subtle" color="red" {...props} />;
}
