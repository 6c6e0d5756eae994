/**
 * Payments Due → "Send payment link" (spec 01 §2; decision 43): e-mails the customer the venue's
 * Payment link template through comms, which asks money for the link of the booking's open
 * invoice. One Idempotency-Key per row and click, so a double click sends one e-mail.
 */
import { useState } from 'react';
import type { PaymentDue } from '@venue/contracts/insights';
import { newIdempotencyKey, type ApiClient } from '@venue/ui';

export interface SendPaymentLink {
  send: (p: PaymentDue) => void;
  /** The invoice whose link is being sent. */
  busyId: string | null;
  /** What happened last, in the spec's words ("Payment Link Sent" / "Failed to Send Pay Link"). */
  result: { ok: boolean; text: string } | null;
}

export function useSendPaymentLink(api: ApiClient): SendPaymentLink {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [result, setResult] = useState<SendPaymentLink['result']>(null);
  const send = (p: PaymentDue) => {
    if (!p.bookingId || !p.invoiceId || busyId) return;
    setBusyId(p.invoiceId);
    setResult(null);
    api
      .api('/api/email-comms/send', {
        method: 'POST',
        body: {
          purpose: 'payment_link',
          bookingId: p.bookingId,
          recipientEmail: p.customerEmail,
          recipientName: p.customer,
        },
        idempotencyKey: newIdempotencyKey(),
      })
      .then(
        () =>
          setResult({
            ok: true,
            text: `Payment Link Sent: a payment link was e-mailed to ${p.customerEmail}.`,
          }),
        (e: unknown) =>
          setResult({
            ok: false,
            text: `Failed to Send Pay Link: ${e instanceof Error ? e.message : String(e)}`,
          }),
      )
      .finally(() => setBusyId(null));
  };
  return { send, busyId, result };
}
