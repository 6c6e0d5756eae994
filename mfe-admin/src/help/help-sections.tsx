import type { ReactNode } from 'react';
import { List, Stack, Text } from '@mantine/core';

/**
 * Whether the screens a section describes exist in this build. Flip an entry when its domain
 * lands, so the documentation never describes a screen the user cannot open.
 */
export const AVAILABLE = {
  dashboard: true,
  calendar: true,
  bookings: true,
  invoices: true,
  quotations: true,
  resources: true,
  pricing: true,
  customers: true,
  reports: true,
  comms: true,
} as const;

export interface HelpSection {
  id: string;
  title: string;
  /** undefined: not tied to one area (always applies). */
  available?: boolean;
  body: ReactNode;
}

const P = ({ children }: { children: ReactNode }) => <Text size="sm">{children}</Text>;

export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    body: (
      <Stack gap="xs">
        <P>
          VenueDesk is the back office for hiring out your hall, rooms and outdoor spaces. You sign in as the
          hall owner; everything you set up belongs to your venue only, and no other venue can see it.
        </P>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            Open Settings → General and choose your time zone, date and time formats and currency. Every date
            and amount in VenueDesk follows these choices.
          </List.Item>
          <List.Item>
            Open Settings → Payments: turn on the payment methods you accept, enter the bank account customers
            pay into, and fill in Business Details (name, ABN, address) for your invoices.
          </List.Item>
          <List.Item>Check Settings → Taxes (GST): the rate starts at 10%.</List.Item>
          <List.Item>
            Set your booking buffers and hold expiry under Availability & Buffers, and your cancellation,
            refund and bond rules under Policies.
          </List.Item>
          <List.Item>Add your staff under Settings → Roles & Permissions (see Sub-Users below).</List.Item>
        </List>
        <P>
          The side menu lists every area your role and permissions open; each section below says what its
          pages do.
        </P>
      </Stack>
    ),
  },
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
  {
    id: 'settings',
    title: 'Settings',
    body: (
      <Stack gap="xs">
        <List size="sm" spacing={6}>
          <List.Item>
            <strong>General</strong>: time zone (21 to choose from), date format (DD/MM/YYYY, MM/DD/YYYY or
            YYYY-MM-DD), 12- or 24-hour time and currency, each with a live preview. Press Save Settings;
            every page follows the change straight away. Here you also upload or delete your profile picture
            (JPG, PNG or GIF up to 5 MB; pictures are re-encoded, which removes location and camera details)
            and change your password. Changing your password signs you out everywhere else.
          </List.Item>
          <List.Item>
            <strong>Payments</strong>: each payment-method switch saves as soon as you flip it. Everything you
            type (the Stripe account ID, bank details, invoice settings with the deposit and the deposit
            deadline, business details and terms) is saved by the one Save Settings button, which stays in
            view while you scroll. The Stripe account ID must start with "acct_"; once saved it is locked
            until you press Edit Stripe ID. The BSB is written 123-456 and the account number has 4 to 12
            digits; the ABN is checked against the ATO checksum.
          </List.Item>
          <List.Item>
            <strong>Taxes (GST)</strong>: a rate from 0 to 100 with up to two decimals.
          </List.Item>
          <List.Item>
            <strong>Availability & Buffers</strong>: setup and pack-down buffers (0 to 480 minutes) and how
            long a tentative hold lasts (24 hours, 48 hours, 72 hours or 7 days).
          </List.Item>
          <List.Item>
            <strong>Policies</strong>: your cancellation policy, refund rules, default bond and terms and
            conditions.
          </List.Item>
          <List.Item>
            <strong>Online Bookings</strong> (hall owner): your public booking page at /book/your-address and
            the customer portal at /my. Choose the address, the halls and rooms customers may request, the
            minimum notice and booking window, request only or an automatic 24-hour hold, whether customers
            confirm their e-mail first, your own questions, and your hire agreement and cancellation terms
            (each change is a new version; every booking keeps the one its customer accepted). Turn on Take
            online bookings and save. Copy a snippet under Put it on your website to show the page on your own
            site. Requests arrive in Booking Requests with the source Website, and the menu shows how many
            wait.
          </List.Item>
          <List.Item>
            <strong>Integrations</strong>: API keys for your other software; webhooks that send your events
            (bookings, quotations, invoices, payments) signed to your own systems, with a delivery log, Send
            again and Send test event; and which halls publish a private calendar (.ics) feed (created and
            revoked on Halls/Rooms).
          </List.Item>
          <List.Item>
            <strong>Data & Privacy</strong>: the retention period (1 to 120 months, 84 by default), a download
            of all your venue's data as one JSON file, and erasure of a customer's personal details.
          </List.Item>
        </List>
        <P>
          Staff can view settings only with the Settings permission. Payment settings and the data export can
          be changed or used by you, the hall owner, only.
        </P>
      </Stack>
    ),
  },
  {
    id: 'sub-users',
    title: 'Sub-Users',
    body: (
      <Stack gap="xs">
        <P>
          Settings → Roles & Permissions is where you add staff ("sub-users"). Each one signs in with their
          own e-mail and password and works on your venue's data, but only on the pages you tick: Dashboard,
          Calendar, Bookings, Invoices & Payments, Deposits, Quotations, Resources, Pricing, Customers,
          Reports, Comms, Settings, Audit Log and Help. The Audit Log permission also opens the Management
          page.
        </P>
        <List size="sm" spacing={4}>
          <List.Item>
            A sub-user's e-mail cannot be changed after creation; add a new sub-user instead.
          </List.Item>
          <List.Item>
            Changing someone's permissions, setting them to Inactive, changing their password or deleting them
            ends their open sessions at once: their next click takes them to the sign-in page.
          </List.Item>
          <List.Item>Passwords need at least 6 characters.</List.Item>
          <List.Item>Sub-users cannot add other sub-users, and never see the Users page.</List.Item>
        </List>
      </Stack>
    ),
  },
  {
    id: 'audit',
    title: 'Audit Log',
    body: (
      <Stack gap="xs">
        <P>
          Every change anywhere in VenueDesk is recorded with who made it, their role, the action, what it
          touched, the IP address and, for edits, each field's old and new value. You see your own and your
          sub-users' entries; a sub-user with the Audit Log permission sees only their own.
        </P>
        <List size="sm" spacing={4}>
          <List.Item>
            50 entries per page, newest first. Filter by dates, action, target type and role.
          </List.Item>
          <List.Item>Search looks only through the page you are on.</List.Item>
          <List.Item>
            Export (CSV) downloads every entry that matches your filters. Cells that a spreadsheet could run
            as a formula are prefixed with an apostrophe, so opening the file is safe.
          </List.Item>
          <List.Item>
            Entries cannot be edited or deleted, by anyone. Verify integrity recomputes the chain of
            fingerprints linking your entries and reports any entry that was changed or removed behind
            VenueDesk's back.
          </List.Item>
        </List>
      </Stack>
    ),
  },
  {
    id: 'tips',
    title: 'Tips',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>Give each staff member their own sub-user instead of sharing your password.</List.Item>
        <List.Item>Grant only the pages someone needs; you can add more at any time.</List.Item>
        <List.Item>Fill in Business Details and bank details before you send your first invoice.</List.Item>
        <List.Item>
          Export the audit log before your end-of-year review and keep it with your records.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'faqs',
    title: 'FAQs',
    body: (
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600}>
            A staff member says they were signed out.
          </Text>
          <P>
            That happens when their permissions, status or password change, or when they are deleted. Ask them
            to sign in again; if they were set to Inactive they cannot until you make them Active.
          </P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Why do dates show in a different format after I saved settings?
          </Text>
          <P>Dates, times and amounts everywhere follow Settings → General.</P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            I forgot my password.
          </Text>
          <P>
            VenueDesk has no self-service password reset yet. Contact the platform administrator who set up
            your account.
          </P>
        </div>
        <div>
          <Text size="sm" fw={600}>
            Can I delete an audit entry that was made by mistake?
          </Text>
          <P>No. The audit log is permanent by design; a later change is recorded as a new entry.</P>
        </div>
      </Stack>
    ),
  },
  {
    id: 'more-help',
    title: 'Need More Help',
    body: (
      <P>
        Contact the VenueDesk platform administrator who set up your account. Include what you were doing, the
        page, and the time; the audit log entry for that time helps find the cause quickly.
      </P>
    ),
  },
];
