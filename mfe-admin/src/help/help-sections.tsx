import { List, Stack } from '@mantine/core';
import { ACCOUNT_SECTIONS } from './help-account.tsx';
import { ANSWER_SECTIONS } from './help-answers.tsx';
import { AREA_SECTIONS } from './help-areas.tsx';
import { P, type HelpSection } from './help-parts.tsx';

export { AVAILABLE, type HelpSection } from './help-parts.tsx';

// One file per group of topics; this list keeps the order the page shows them in.
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
  ...AREA_SECTIONS,
  ...ACCOUNT_SECTIONS,
  ...ANSWER_SECTIONS,
];
