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
