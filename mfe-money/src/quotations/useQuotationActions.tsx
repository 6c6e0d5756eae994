/**
 * What the Quotations page does to quotations (spec 03 §2.3): Send / Accept / Decline, the PDF,
 * Bulk Send and the CSV, each ending in the page's green or red banner.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { downloadFromServer, idempotencyKeys, useSession } from '@venue/ui';
import { QUOTATION_MESSAGES as M, QUOTATION_PATHS, type Quotation } from '@venue/contracts/money-api';
import { useBulkSendQuotations, useSetQuotationStatus } from '../api/quotation-hooks.ts';
import { quotationName } from '../shared/labels.ts';
import { venueToday } from '../shared/venue-day.ts';
import { bookingPath } from './booking-path.ts';
import { quotationsCsvName, quotationsCsvPath, type QuotationExport } from './quotation-csv.ts';

/** Spec 03 §9: the quotation banners vanish after 5 seconds. */
const BANNER_MS = 5000;

/** The 409 of an accept whose slot is taken names the booking in the way. */
function conflictText(error: unknown): string | null {
  const body = (
    error as {
      body?: { message?: string; conflict?: { bookingCode?: string; customerName?: string } | null };
    }
  )?.body;
  if (!body?.message) return null;
  const c = body.conflict;
  return c
    ? `${body.message} (${c.bookingCode ?? 'a booking'}${c.customerName ? `, ${c.customerName}` : ''})`
    : body.message;
}

/** The page's red banner (what failed) and green one (what was done, gone after 5 seconds). */
export function useQuotationBanners() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<ReactNode>(null);
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);
  return { error, setError, success, setSuccess };
}

export function useQuotationActions({ setError, setSuccess }: ReturnType<typeof useQuotationBanners>) {
  const { settings, getToken, navigate } = useSession();
  const setStatus = useSetQuotationStatus();
  const bulk = useBulkSendQuotations();
  const [bulkKey] = useState(idempotencyKeys);

  async function changeStatus(q: Quotation, to: 'Sent' | 'Accepted' | 'Declined') {
    setError(null);
    try {
      const saved = await setStatus.mutateAsync({ id: q.id, status: to });
      if (to === 'Accepted') setSuccess(<Accepted quotation={saved} navigate={navigate} />);
      if (to === 'Declined') setSuccess(M.declined);
      if (to === 'Sent') setSuccess(`${quotationName(saved)} sent to ${q.customerEmail}.`);
    } catch (err) {
      const base = to === 'Accepted' ? M.acceptFailed : to === 'Declined' ? M.declineFailed : M.sendFailed;
      const why = conflictText(err);
      setError(why ? `${base} ${why}` : base);
    }
  }

  async function pdf(q: Quotation) {
    try {
      await downloadFromServer(getToken, QUOTATION_PATHS.pdf(q.id), `${q.number ?? 'quotation-draft'}.pdf`);
    } catch {
      setError(M.pdfFailed);
    }
  }

  async function bulkSend(ids: string[], onSent: () => void) {
    try {
      const r = await bulk.mutateAsync({ ids, key: bulkKey(ids) });
      onSent();
      setSuccess(
        `${r.sent.length} quotation(s) sent with their PDF.${r.skipped.length ? ` ${r.skipped.length} skipped: ${r.skipped.map((s) => s.reason).join(' ')}` : ''}`,
      );
    } catch {
      setError(M.sendFailed);
    }
  }

  /** The service writes the file (the kit's one CSV writer) from the screen's search, selects and sort. */
  async function exportCsv(view: QuotationExport) {
    try {
      await downloadFromServer(
        getToken,
        quotationsCsvPath(view),
        quotationsCsvName(venueToday(settings.timezone)),
      );
    } catch {
      setError(M.exportFailed);
    }
  }

  return {
    changeStatus,
    pdf,
    bulkSend,
    exportCsv,
    accepting: setStatus.isPending,
    bulkSending: bulk.isPending,
  };
}

/**
 * Accept's success (issue 24 item 9): the booking it made, by its code, with the way to it. The
 * answer is the accepted quotation carrying that booking (`bookingCode`, `bookingId`).
 */
function Accepted({ quotation, navigate }: { quotation: Quotation; navigate: (to: string) => void }) {
  const code = quotation.bookingCode;
  if (!code) return <>{M.accepted}</>;
  return (
    <span data-testid="accepted-booking">
      {quotationName(quotation)} accepted: booking{' '}
      <Anchor
        href={bookingPath(code)}
        fw={700}
        onClick={(e) => {
          e.preventDefault();
          navigate(bookingPath(code));
        }}
      >
        {code}
      </Anchor>{' '}
      is confirmed for {quotation.customerName}.
    </span>
  );
}
