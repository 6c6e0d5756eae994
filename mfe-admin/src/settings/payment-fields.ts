/** Payment settings inputs as typed; the spec 01 §5 rules themselves come from contracts. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/** As typed: keeps digits only and puts the dash after the third ('123456' → '123-456'). */
export function formatBsb(value: string): string {
  const digits = digitsOnly(value, 6);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}
