import { List, Stack } from '@mantine/core';
import { P, type HelpSection } from './help-parts.tsx';

/** The help for running the account: settings, staff and the audit log. */
export const ACCOUNT_SECTIONS: HelpSection[] = [
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
];
