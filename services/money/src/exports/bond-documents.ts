/**
 * The bonds of a range (split from documents.ts, issue 28 item 2), read on bonds_list_idx: as
 * documents (held, then settled) and as money (received, returned).
 */
import { keysetAfterCursor, keysetColumns, keysetOrder, type Tx } from '@venue/service-kit';
import type { KeysetKey } from '@venue/service-kit/paging';
import { db } from '../db/query.ts';
import type { Movement, SalesDoc } from './documents.ts';
import { dayAt, instants, n, pages, paging, type Range } from './range-reading.ts';

const bondNumber = (code: string | null, bookingId: string) => `BOND-${code || bookingId.slice(0, 8)}`;

const BOND_KEYS: KeysetKey[] = [
  { expr: 'o.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'o.id', type: 'uuid', index: 'ASC' },
];

/** The venue's bonds received or settled in the range, with their booking's code and customer. */
async function* bondRows(tx: Tx, r: Range) {
  const { start, end } = instants(r);
  yield* pages(BOND_KEYS, (after) =>
    db(tx)
      .selectFrom('bonds as o')
      .leftJoin('booking_copy as b', (j) =>
        j.onRef('b.tenant_id', '=', 'o.tenant_id').onRef('b.booking_id', '=', 'o.booking_id'),
      )
      .leftJoin('invoices as f', (j) =>
        j.onRef('f.tenant_id', '=', 'o.tenant_id').onRef('f.id', '=', 'o.forfeit_invoice_id'),
      )
      .select([
        'o.booking_id',
        'o.status',
        'o.amount_cents',
        'o.refunded_cents',
        'o.forfeited_cents',
        'o.forfeit_reason',
        'o.payment_method',
        'o.reference',
        'o.received_at',
        'o.settled_at',
        'b.booking_code',
        'b.customer_name',
        'b.customer_email',
        'f.invoice_number as forfeit_number',
        ...keysetColumns(BOND_KEYS),
      ])
      .where('o.tenant_id', '=', r.tenantId)
      .where((eb) =>
        eb.or([
          eb.and([eb('o.received_at', '>=', start), eb('o.received_at', '<', end)]),
          eb.and([eb('o.settled_at', '>=', start), eb('o.settled_at', '<', end)]),
        ]),
      )
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(BOND_KEYS, 'asc', after!)))
      .orderBy(keysetOrder(BOND_KEYS, 'asc'))
      .limit(paging.size + 1)
      .execute(),
  );
}

const within = (at: Date | string | null, r: Range, s: { start: Date; end: Date }) =>
  at !== null && new Date(at) >= s.start && new Date(at) < s.end;

/**
 * A bond held is the customer's money, not a supply: a GST-free document when received and a
 * GST-free credit for the whole of it when settled (returned, kept or both). The part kept is
 * its own BOND tax invoice (GST on Income), among the invoices.
 */
export async function* bondDocs(tx: Tx, r: Range): AsyncGenerator<SalesDoc[]> {
  const s = instants(r);
  for await (const rows of bondRows(tx, r)) {
    const docs: SalesDoc[] = [];
    for (const o of rows) {
      const number = bondNumber(o.booking_code, o.booking_id);
      const who = { customerName: o.customer_name ?? '', customerEmail: o.customer_email ?? '' };
      const amount = n(o.amount_cents);
      if (within(o.received_at, r, s)) {
        const day = dayAt(o.received_at, r.zone);
        docs.push({
          kind: 'bond',
          number,
          reference: o.booking_code ?? '',
          ...who,
          date: day,
          dueDate: day,
          lines: [
            {
              description: `Bond held for booking ${o.booking_code ?? o.booking_id}`,
              quantity: 1,
              unitCents: amount,
              totalCents: amount,
              gstCents: 0,
              taxable: false,
              bond: true,
            },
          ],
          totalCents: amount,
          gstCents: 0,
        });
      }
      if (o.status !== 'HELD' && within(o.settled_at, r, s)) {
        const day = dayAt(o.settled_at!, r.zone);
        const settled = n(o.refunded_cents) + n(o.forfeited_cents);
        const kept = n(o.forfeited_cents);
        const what =
          kept === 0
            ? 'returned'
            : `${n(o.refunded_cents) > 0 ? 'partly returned, partly ' : ''}kept (${o.forfeit_number ?? 'BOND invoice'}: ${o.forfeit_reason ?? ''})`;
        docs.push({
          kind: 'bondCredit',
          number: `${number}-CR`,
          reference: number,
          ...who,
          date: day,
          dueDate: day,
          lines: [
            {
              description: `Bond for booking ${o.booking_code ?? o.booking_id} ${what}`,
              quantity: 1,
              unitCents: -settled,
              totalCents: -settled,
              gstCents: 0,
              taxable: false,
              bond: true,
            },
          ],
          totalCents: -settled,
          gstCents: 0,
        });
      }
    }
    if (docs.length) yield docs;
  }
}

/** The bonds' money of the range: received in, returned out (negative); the part kept moved no money. */
export async function* bondMovements(tx: Tx, r: Range): AsyncGenerator<Movement[]> {
  const s = instants(r);
  for await (const rows of bondRows(tx, r)) {
    const out: Movement[] = [];
    for (const o of rows) {
      const number = bondNumber(o.booking_code, o.booking_id);
      if (within(o.received_at, r, s))
        out.push({
          date: dayAt(o.received_at, r.zone),
          amountCents: n(o.amount_cents),
          payee: o.customer_name ?? '',
          number,
          description: `Bond received${o.reference ? `: ${o.reference}` : ''}`,
          method: o.payment_method,
          receipt: number,
        });
      if (n(o.refunded_cents) > 0 && within(o.settled_at, r, s))
        out.push({
          date: dayAt(o.settled_at!, r.zone),
          amountCents: -n(o.refunded_cents),
          payee: o.customer_name ?? '',
          number: `${number}-CR`,
          description: 'Bond returned',
          method: o.payment_method,
          receipt: `${number}-CR`,
        });
    }
    if (out.length) yield out;
  }
}
