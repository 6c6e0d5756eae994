/** The cancel dialog's reasons (spec 02 §2.5), and their words wherever a stored code is shown. */
export const CANCEL_REASONS = [
  { value: 'resource_unavailable', label: 'Resource unavailable' },
  { value: 'scheduling_conflict', label: 'Scheduling conflict' },
  { value: 'customer_request', label: 'Customer request' },
  { value: 'admin_decision', label: 'Admin decision' },
  { value: 'other', label: 'Other' },
];

/** The decline dialog's codes (spec 02 §2.4), stored as the reason of a declined booking. */
const DECLINE_REASONS: Record<string, string> = {
  unavailable: 'Unavailable',
  conflict: 'Conflict',
  policy: 'Policy',
  capacity: 'Capacity',
};

const LABELS: Record<string, string> = {
  ...DECLINE_REASONS,
  ...Object.fromEntries(CANCEL_REASONS.map((r) => [r.value, r.label])),
};

/**
 * A stored reason in words: a known code by its label, an unknown code (snake_case) spelled out,
 * free text as written, none as "Not specified".
 */
export function cancelReasonLabel(reason: string | null | undefined): string {
  const text = reason?.trim();
  if (!text) return 'Not specified';
  const known = LABELS[text];
  if (known) return known;
  if (/^[a-z]+(_[a-z]+)+$/.test(text)) {
    const words = text.replace(/_/g, ' ');
    return words[0]!.toUpperCase() + words.slice(1);
  }
  return text;
}
