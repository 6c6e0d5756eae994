/**
 * The money figures are computed once (the shared module) and stored on the booking; every
 * answer, list, CSV and the confirm preview shows the same cents (issue 10 item 6, issue 11
 * items 4 and 5).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { moneyFigures } from '@venue/contracts';
import { futureDate, OTHER, OTHER_HALL, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

/** [net, gst, total, deposit, final due] of a booking's `money`. */
const figures = (b: { money: Record<string, number> }) => [
  b.money.netCents,
  b.money.gstCents,
  b.money.totalCents,
  b.money.depositCents,
  b.money.finalDueCents,
];

/** The CSV row of `code` as cells (the export quotes every cell). */
function csvRow(text: string, code: string): Record<string, string> {
  const [header, ...rows] = text.trim().split('\r\n');
  const cells = (line: string) => line.slice(1, -1).split('","');
  const row = rows.find((r) => r.includes(code));
  assert.ok(row, `no CSV row for ${code}`);
  const names = cells(header!);
  return Object.fromEntries(cells(row).map((v, i) => [names[i], v]));
}

describe('money figures', () => {
  useHarness(h);

  describe('stored money figures', () => {
    it('the $661 request reads $661.00 incl. GST (GST $60.09) in the answer, the list, the CSV and the preview', async () => {
      const created = await h.create({ bookingDate: futureDate(40), estimatedPrice: 661 });
      assert.equal(created.status, 201, created.text);
      const b = created.body.booking;
      assert.deepEqual(figures(b), [60091, 6009, 66100, 0, 66100]);
      assert.equal(b.money.taxType, 'inclusive');
      assert.equal(b.money.taxRateBp, 1000);

      const list = await h.call('GET', `/api/bookings?status=pending&q=${b.bookingCode}`, h.tokens.owner);
      assert.deepEqual(figures(list.body.items[0]), figures(b));

      const file = await h.call(
        'GET',
        `/api/bookings/export.csv?status=pending&q=${b.bookingCode}`,
        h.tokens.owner,
      );
      const row = csvRow(file.text, b.bookingCode);
      assert.equal(row['Value (incl. GST)'], '661.00');
      assert.equal(row.GST, '60.09');
      assert.equal(row['Balance (incl. GST)'], '661.00');

      const preview = await h.call('POST', `/api/bookings/${b.id}/confirm-preview`, h.tokens.owner, {});
      assert.equal(preview.status, 200, preview.text);
      assert.equal(preview.body.priceCents, 66100);
      assert.deepEqual(preview.body.terms, { taxType: 'inclusive', rateBp: 1000 });
      assert.equal(preview.body.figures.totalCents, 66100);
      assert.equal(preview.body.figures.gstCents, 6009);
    });

    it('the preview is exactly what the confirmation stores, and the screens can recompute it from its inputs', async () => {
      const b = (await h.create({ bookingDate: futureDate(41), estimatedPrice: 333.33 })).body.booking;
      const choice = { deposit_type: 'Percentage', deposit_value: 50 };
      const preview = await h.call('POST', `/api/bookings/${b.id}/confirm-preview`, h.tokens.owner, {
        payment_details: choice,
      });
      assert.equal(preview.status, 200, preview.text);
      // the dialog's own computation: the same module, the inputs the server answered
      const local = moneyFigures({
        priceCents: preview.body.priceCents,
        ...preview.body.terms,
        deposit: { type: 'Percentage', percent: 50 },
      });
      assert.deepEqual(preview.body.figures, local);
      const confirmed = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
        status: 'confirmed',
        payment_details: choice,
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      const c = confirmed.body.booking;
      assert.deepEqual(figures(c), [
        local.netCents,
        local.gstCents,
        local.totalCents,
        local.depositCents,
        local.finalDueCents,
      ]);
      // 33333 × 50 % = 16666.5 → 16667, rounded once, half up
      assert.equal(c.money.depositCents, 16667);
      assert.equal(c.payment_details.depositCents, 16667);
      assert.equal(c.payment_details.final_due, 166.66);
    });

    it('the preview refuses what the confirmation would: a fractional percentage (400 naming the field), a cancelled booking (409)', async () => {
      const b = (await h.create({ bookingDate: futureDate(42) })).body.booking;
      const bad = await h.call('POST', `/api/bookings/${b.id}/confirm-preview`, h.tokens.owner, {
        payment_details: { deposit_type: 'Percentage', deposit_value: 12.5 },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors[0].path, 'payment_details.deposit_value');
      const refusedToo = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
        status: 'confirmed',
        payment_details: { deposit_type: 'Percentage', deposit_value: 12.5 },
      });
      assert.equal(refusedToo.status, 400);
      await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'cancelled' });
      const gone = await h.call('POST', `/api/bookings/${b.id}/confirm-preview`, h.tokens.owner, {});
      assert.equal(gone.status, 409);
      const missing = await h.call('POST', `/api/bookings/not-a-booking/confirm-preview`, h.tokens.owner, {});
      assert.equal(missing.status, 404);
    });

    it('a confirmed booking repriced by an edit keeps its terms and deposit; payment_details follows', async () => {
      const b = (await h.create({ bookingDate: futureDate(43), estimatedPrice: 1000 })).body.booking;
      await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
        status: 'confirmed',
        payment_details: { tax_type: 'exclusive', deposit_type: 'Percentage', deposit_value: 25 },
      });
      const edited = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, { estimatedPrice: 2000 });
      assert.equal(edited.status, 200, edited.text);
      const e = edited.body.booking;
      assert.deepEqual(figures(e), [200000, 20000, 220000, 55000, 165000]);
      assert.equal(e.payment_details.total_amount, 2200);
      assert.equal(e.payment_details.totalCents, 220000);
      assert.equal(e.balanceDueCents, 220000);
    });
  });

  describe("the tenant's tax type and time zone", () => {
    it('an exclusive tenant: prices get GST on top, the CSV shows the stored total; file name and Cancelled At on the venue clock', async () => {
      await h.settings(OTHER, { taxType: 'Exclusive', timezone: 'Pacific/Auckland' });
      const created = await h.create(
        { selectedHall: OTHER_HALL, bookingDate: futureDate(44), estimatedPrice: 450, guestCount: 10 },
        h.tokens.other,
      );
      assert.equal(created.status, 201, created.text);
      const b = created.body.booking;
      assert.deepEqual(figures(b), [45000, 4500, 49500, 0, 49500]);
      const cancelled = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.other, {
        status: 'cancelled',
      });
      assert.equal(cancelled.status, 200, cancelled.text);
      // 20:30 UTC on 1 March is 09:30 on 2 March in Auckland (NZDT, +13)
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`UPDATE bookings SET cancelled_at = '2026-03-01T20:30:00Z' WHERE id = $1`, [b.id]),
      );
      const realNow = h.clock.now;
      h.clock.now = new Date('2026-03-01T20:30:00Z');
      try {
        const file = await h.call('GET', `/api/bookings/export.csv?status=cancelled`, h.tokens.other);
        assert.equal(file.status, 200, file.text);
        assert.equal(
          file.headers.get('content-disposition'),
          'attachment; filename="cancelled_bookings_export_2026-03-02_09-30.csv"',
        );
        const row = csvRow(file.text, b.bookingCode);
        assert.equal(row['Value (incl. GST)'], '495.00');
        assert.equal(row.GST, '45.00');
        assert.equal(row['Cancelled At'], '02/03/2026 09:30');
      } finally {
        h.clock.now = realNow;
      }
    });

    it('each list downloads under its spec 02 §9 name', async () => {
      const realNow = h.clock.now;
      h.clock.now = new Date('2026-07-15T23:05:00Z'); // 16 July 11:05 in Auckland (NZST, +12)
      try {
        const names: Record<string, string> = {
          pending: 'booking_requests_export_2026-07-16_11-05.csv',
          confirmed: 'confirmed_bookings_export.csv',
          completed: 'completed_bookings_export_2026-07-16_11-05.csv',
          cancelled: 'cancelled_bookings_export_2026-07-16_11-05.csv',
          '': 'bookings_export_2026-07-16_11-05.csv',
        };
        for (const [status, name] of Object.entries(names)) {
          const file = await h.call('GET', `/api/bookings/export.csv?status=${status}`, h.tokens.other);
          assert.equal(file.headers.get('content-disposition'), `attachment; filename="${name}"`, status);
        }
      } finally {
        h.clock.now = realNow;
        await h.settings(OTHER, { taxType: 'Inclusive', timezone: 'Australia/Sydney' });
      }
    });
  });

  describe('migration 007 backfill', () => {
    it("prices rows written without figures by the tenant's terms, exactly as the module does", async () => {
      const migration = readFileSync(
        new URL('../../migrations/007_money_figures.sql', import.meta.url),
        'utf8',
      );
      const updates = migration
        .split(/;\s*\n/)
        .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
        .filter((s) => s.startsWith('UPDATE bookings'));
      assert.equal(updates.length, 2);
      const prices = [0, 1, 3, 5, 6, 9, 15, 99, 3333, 33333, 66100, 123457, 99999999];
      const terms = [
        ['Exclusive', 12.5],
        ['Inclusive', 12.5],
        ['Inclusive', 10],
        ['Inclusive', 20], // 3 cents at 20 %: GST exactly half a cent, rounded up
        ['Exclusive', 10],
      ] as const;
      try {
        for (const [taxType, taxRatePercent] of terms) {
          await h.settings(OTHER, { taxType, taxRatePercent });
          await h.t.kit.db.tenantTx(OTHER, async (tx) => {
            // rows as a fixture or an old version wrote them: no figures
            await tx.query(
              `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
                event_type, booking_date, start_time, end_time, resource_id, resource_name, status, calculated_price_cents,
                starts_at, ends_at, slot)
             SELECT $1, 'BACKFILL-' || p, 'CUST-BF', 'Backfill', 'bf@example.com', '', 'Meeting', date '2026-01-01',
                    '09:00', '10:00', gen_random_uuid(), 'Room', 'completed', p,
                    timestamptz '2026-01-01 09:00Z', timestamptz '2026-01-01 10:00Z',
                    tstzrange(timestamptz '2026-01-01 09:00Z', timestamptz '2026-01-01 10:00Z')
               FROM unnest($2::bigint[]) p`,
              [OTHER, prices],
            );
            // the migration's own statements, confined to this tenant by row-level security
            for (const u of updates) await tx.query(u);
            const { rows } = await tx.query<Record<string, string | number>>(
              `SELECT calculated_price_cents, tax_type, tax_rate_bp, net_cents, gst_cents, total_cents, deposit_cents, final_due_cents
               FROM bookings WHERE booking_code LIKE 'BACKFILL-%'`,
            );
            assert.equal(rows.length, prices.length);
            const num = (v: string | number | undefined) =>
              typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
            for (const r of rows) {
              const f = moneyFigures({
                priceCents: Number(r.calculated_price_cents),
                taxType: taxType === 'Exclusive' ? 'exclusive' : 'inclusive',
                rateBp: Math.round(taxRatePercent * 100),
              });
              assert.deepEqual(
                [
                  r.tax_type,
                  r.tax_rate_bp,
                  r.net_cents,
                  r.gst_cents,
                  r.total_cents,
                  r.deposit_cents,
                  r.final_due_cents,
                ].map(num),
                [f.taxType, f.rateBp, f.netCents, f.gstCents, f.totalCents, f.depositCents, f.finalDueCents],
                `${r.calculated_price_cents} ${taxType} ${taxRatePercent} %`,
              );
            }
            await tx.query(`DELETE FROM bookings WHERE booking_code LIKE 'BACKFILL-%'`);
          });
        }
      } finally {
        await h.settings(OTHER, { taxType: 'Inclusive', taxRatePercent: 10 });
      }
    });
  });
});
