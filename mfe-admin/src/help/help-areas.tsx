import { Stack } from '@mantine/core';
import { AVAILABLE, P, type HelpSection } from './help-parts.tsx';

/** The help for each working area of the menu, in the menu's order. */
export const AREA_SECTIONS: HelpSection[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    available: AVAILABLE.dashboard,
    body: (
      <P>
        The Dashboard is where you land after signing in: today's occupancy, bookings this week, holds about
        to expire, payments due, cancellations over the last 30 days and revenue for the month, each against
        the period before; today's schedule, payments due with quick actions, holds expiring soon, alerts to
        resolve or dismiss, and recent activity from the audit log. Use the date and resource filters at the
        top; every figure is counted from your own bookings, invoices and payments.
      </P>
    ),
  },
  {
    id: 'calendar',
    title: 'Calendar',
    available: AVAILABLE.calendar,
    body: (
      <Stack gap="xs">
        <P>
          The Calendar shows bookings, tentative holds and block-outs by day, week or month (hours 6 am to 11
          pm, weeks starting on Monday), and a Resources view with one column per hall or room. Filter by
          resource, turn on Show buffers to see the setup and pack-down time around each booking, and use the
          mini calendar to jump to a date.
        </P>
        <P>
          Click an empty slot to start a New Booking with the date and times filled in. Drag a booking to move
          it or drag its edge to change its length: the server checks for clashes first, and a move onto
          another booking or a block-out snaps back with a message. Click a booking to open its panel, then
          Open Full Details or Edit Booking. Print gives a clean printout of the current view.
        </P>
      </Stack>
    ),
  },
  {
    id: 'bookings',
    title: 'Bookings Management',
    available: AVAILABLE.bookings,
    body: (
      <Stack gap="xs">
        <P>
          Every booking gets a reference such as HH-2026-0042. A booking starts as pending; from Pending
          Review you can Accept it as a tentative hold (24 hours, 48 hours, 72 hours or 7 days), Decline it
          with a reason, or Request Changes with a message — the customer's e-mail is queued and will be sent
          once e-mail is set up. Holds that run out are released automatically. Confirm a booking to fix its
          price: choose GST inclusive or exclusive and a deposit (none, a fixed amount or a percentage of the
          total); the deposit and the balance are calculated for you. Confirmed bookings can be completed or
          cancelled; completed and cancelled bookings are final.
        </P>
        <P>
          Two bookings can never overlap on the same space, and nothing can be booked over a block-out — even
          if two people save at the same moment, only one succeeds and the other sees the conflicting
          bookings. The form shows clashes and the price estimate while you type. Bookings — All has filters,
          sorting, CSV export and a search palette (Ctrl+K or Cmd+K; Ctrl+Shift+T, N, W or P jump to today,
          tomorrow, this week or pending). Staff fields such as bond, ID and insurance checks, priority and
          notes are set in the booking's detail pane.
        </P>
      </Stack>
    ),
  },
  {
    id: 'invoices',
    title: 'Invoices & Payments',
    available: AVAILABLE.invoices,
    body: (
      <Stack gap="xs">
        <P>
          Invoices use what you save under Settings → Payments: business name and ABN (needed before an
          invoice can be issued), bank details and reference note, default due days and the payment methods
          you accept. An invoice is a draft until you send it; sending gives it the next invoice number and
          e-mails it to the customer as a PDF tax invoice.
        </P>
        <P>
          Record payments (bank transfer, card, cash or cheque) from the invoice's menu; part payments are
          kept and the balance shown. A sent invoice is never edited: use Create Refund for a correction or
          refund. Confirming a booking with a deposit issues its deposit invoice, which you mark paid under
          Deposits.
        </P>
        <P>
          Copy Payment Link (in the invoice's menu and panel, and in a deposit's drawer) gives you a private
          link for your customer: it shows that invoice, the amount due and your bank details, and, once you
          have saved a Stripe account ID and switched the Stripe method on under Settings → Payments, a Pay by
          card button; a card payment is recorded on the invoice by itself. Revoke link replaces the link; the
          old one then says it is no longer valid.
        </P>
      </Stack>
    ),
  },
  {
    id: 'quotations',
    title: 'Quotations',
    available: AVAILABLE.quotations,
    body: (
      <P>
        Write a quotation for a prospective hirer, send it as a PDF, and accept it when they agree: accepting
        books the hall (confirmed) and raises the deposit invoice. A quotation is valid for 14 days unless you
        change it; one that was not accepted in time reads Expired.
      </P>
    ),
  },
  {
    id: 'resources',
    title: 'Resources',
    available: AVAILABLE.resources,
    body: (
      <Stack gap="xs">
        <P>
          Resources lists your halls, rooms and outdoor spaces. Each gets a code, a capacity (bookings cannot
          exceed it), opening hours per weekday, setup and pack-down buffers, equipment, a calendar colour and
          a visibility. Halls/Rooms is the detailed table: duplicate, archive and restore spaces, export them
          to CSV, and copy a private calendar feed (ICS) link for a space — generating a new link stops the
          old one.
        </P>
        <P>
          Public Holidays can be filled in for your state with Sync with the state calendar, imported from or
          exported to a calendar file, and given a surcharge (PH-Std adds 25 % unless you change it) or marked
          as a block-out. Block-outs close one or more spaces for a period (maintenance, private events,
          cleaning).
        </P>
      </Stack>
    ),
  },
  {
    id: 'pricing',
    title: 'Pricing & Rate Cards',
    available: AVAILABLE.pricing,
    body: (
      <P>
        Each space has one rate card: hourly, or daily (a flat rate — the full rate for 8 hours or more, half
        the rate for shorter hires), with separate weekday and weekend (Saturday and Sunday) rates. Add-ons
        such as a projector or cleaning are priced separately. The Price check panel shows exactly what a
        booking would cost, including any public-holiday surcharge and add-ons; bookings use the same
        calculation.
      </P>
    ),
  },
  {
    id: 'customers',
    title: 'Customers',
    available: AVAILABLE.customers,
    body: (
      <Stack gap="xs">
        <P>
          Customers are created and kept up to date from bookings, matched by e-mail address. The directory
          scores each customer on recency, frequency and spend over the last 12 months (cancelled bookings do
          not count), places them in a segment (Champions, Loyal, New, At-Risk, Lost), tags VIP and
          not-for-profit customers and estimates lifetime value. Open a customer to see their recent bookings,
          export their data as CSV or PDF, or anonymise them.
        </P>
        <P>
          Anonymising replaces the customer's name, e-mail and phone in their record and in all their
          bookings. It cannot be undone. Settings → Data & Privacy can also erase a customer by e-mail
          address.
        </P>
      </Stack>
    ),
  },
  {
    id: 'reports',
    title: 'Reports',
    available: AVAILABLE.reports,
    body: (
      <Stack gap="xs">
        <P>
          Reports shows your venue&apos;s figures for the last 30, 90 or 180 days or this year, for all
          customers or only Community/NFP or VIP customers: six key figures compared with the period before,
          bookings and revenue by month behind you and ahead, a six-month forecast (base, optimistic +15 %,
          cautious −15 %), how full each space is by weekday and hour, the bookings funnel, how promptly
          invoices are paid and what is overdue, how often new customers come back, and why bookings were
          cancelled. Each revenue figure says whether it counts by event date or by payment date.
        </P>
        <P>
          Export PDF downloads the whole report with its charts; Download CSVs gives one spreadsheet file per
          panel in a zip. Schedule Email sends the PDF weekly or monthly to the addresses you list.
        </P>
      </Stack>
    ),
  },
  {
    id: 'comms',
    title: 'Communications',
    available: AVAILABLE.comms,
    body: (
      <P>
        Send Email writes to a customer about one of their bookings, from a template or from scratch, with
        attachments; Email Templates holds your wording (placeholders such as {'{{customerName}}'} are filled
        in for each booking); Message History shows every e-mail and SMS with its delivery status. Automatic
        e-mails (confirmations, holds, reminders, invoices, receipts) are switched under Settings → General.
      </P>
    ),
  },
];
