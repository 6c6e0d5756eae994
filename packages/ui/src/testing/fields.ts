import { screen, waitFor } from '@testing-library/react';

/**
 * The message a Mantine form shows for a field, as a screen reader finds it: tied to the field
 * by aria-describedby (Mantine's inputs tie their error so, and the kit's bound Switch and
 * Checkbox do the same), and only while the field is marked invalid. Null when it shows none. A
 * field's description is tied the same way and is not its problem: the message is the one in
 * Mantine's error element.
 */
export function problemOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const message = ids.map((id) => document.getElementById(id)).find((el) => el?.closest('[class*="error"]'));
  return message?.textContent ?? null;
}

/**
 * Waits until an opened dialog holds the focus. Mantine 9's focus trap takes it a moment after
 * the dialog opens; a Select clicked before then opens its list, and the trap's focus arriving
 * closes it again. A person's first click comes later than that.
 */
export async function dialogFocused(dialog?: HTMLElement): Promise<void> {
  const box = dialog ?? screen.getByRole('dialog');
  await waitFor(() => {
    if (!box.contains(document.activeElement)) throw new Error('The dialog does not hold the focus yet.');
  });
}
