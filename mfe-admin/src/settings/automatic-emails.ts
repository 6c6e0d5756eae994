/**
 * Automatic e-mails (issue 12 item 6): comms keeps which kinds a venue sends, the event reminder
 * days and the send hour (GET/PUT /api/email-comms/settings). Settings → General edits them all;
 * Payment Settings' invoice e-mail and payment reminder switches are the same two switches, so
 * there is one writer per fact. Types only come from the contract (`import type`): the card has
 * no form validation of its own beyond the inputs' bounds, the server's messages are shown.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AutomaticEmailKind,
  CommsSettings,
  CommsSettingsUpdate,
  ReminderChannel,
  SmsCapableKind,
} from '@venue/contracts/comms';
import { useSession } from '@venue/ui';

export type { AutomaticEmailKind, CommsSettings, CommsSettingsUpdate, ReminderChannel, SmsCapableKind };

/**
 * The reminders that may go by SMS (issue 26; contracts comms SMS_CAPABLE_KINDS), each with how
 * its choice is labelled: the labels are the screen's words, the kinds the contract's.
 */
export const SMS_CHANNEL_LABELS: Record<SmsCapableKind, string> = {
  event_reminder: 'Event reminder goes by',
  payment_reminder: 'Payment reminders go by',
};
export const REMINDER_CHANNEL_OPTIONS: readonly { value: ReminderChannel; label: string }[] = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'SMS' },
  { value: 'both', label: 'E-mail and SMS' },
];
export const isSmsCapable = (kind: AutomaticEmailKind): kind is SmsCapableKind => kind in SMS_CHANNEL_LABELS;

export const COMMS_SETTINGS_PATH = '/api/email-comms/settings';
export const commsSettingsKey = ['admin', 'comms-settings'] as const;

/** The switches in the order the card lists them, with a one-line description each. */
export const AUTOMATIC_EMAILS: readonly { kind: AutomaticEmailKind; label: string; description: string }[] = [
  {
    kind: 'booking_confirmed',
    label: 'Booking confirmed',
    description: 'When a booking is confirmed, with its date, time and space.',
  },
  {
    kind: 'hold_placed',
    label: 'Hold placed',
    description: 'When a date is held for the customer, with when the hold expires.',
  },
  {
    kind: 'hold_expiring',
    label: 'Hold expiring',
    description: 'When a hold has less than 24 hours left.',
  },
  {
    kind: 'declined',
    label: 'Request declined',
    description: 'When a request is declined, with the reason.',
  },
  {
    kind: 'changes_requested',
    label: 'Changes requested',
    description: 'When you ask the customer for changes, with your message.',
  },
  { kind: 'cancelled', label: 'Booking cancelled', description: 'When a booking is cancelled.' },
  {
    kind: 'event_reminder',
    label: 'Event reminder',
    description: 'A reminder the chosen number of days before the event.',
  },
  {
    kind: 'invoice_issued',
    label: 'Invoice issued',
    description: 'When an invoice is issued, with its PDF attached.',
  },
  {
    kind: 'payment_received',
    label: 'Payment received',
    description: 'A receipt when a payment is recorded.',
  },
  {
    kind: 'payment_reminder',
    label: 'Payment reminders',
    description: 'On the reminder days before and after an unpaid invoice’s due date (Payment Settings).',
  },
  {
    kind: 'credit_note_issued',
    label: 'Adjustment note or refund',
    description:
      'When an adjustment note is issued (and money paid back), with its PDF, and when a bond is refunded or kept.',
  },
];

/** The send hours the server accepts (contracts comms SEND_HOUR_MIN..SEND_HOUR_MAX: 07–20). */
export const SEND_HOURS: readonly number[] = Array.from({ length: 14 }, (_, i) => i + 7);
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** `enabled` false: the viewer lacks the Communications permission, comms would answer 403. */
export function useCommsSettings(enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: commsSettingsKey,
    enabled,
    queryFn: async () => (await api.api<{ settings: CommsSettings }>(COMMS_SETTINGS_PATH)).settings,
  });
}

/** PUT any subset; the answer (the whole settings) replaces the cached copy. */
export function useSaveCommsSettings() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommsSettingsUpdate) =>
      api.api<{ settings: CommsSettings; message?: string }>(COMMS_SETTINGS_PATH, { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(commsSettingsKey, answer.settings),
  });
}
