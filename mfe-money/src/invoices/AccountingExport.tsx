/**
 * "Export for accounting" on Invoices & Payments (issue 26 item 4): a range of the venue's days
 * as Xero's or MYOB's import file, of the invoices (with adjustment notes and bonds) or of the
 * payments. The service writes the file (GET /api/{invoices|payments}/export/{xero|myob}); the
 * dialog (AccountingExportDialog, with react-hook-form and the contract's schema) is loaded when
 * first opened, so the page's first load carries none of it.
 */
import { lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { OnDemand, useSession } from '@venue/ui';
import { addDays, venueToday } from '../shared/venue-day.ts';

const AccountingExportDialog = lazy(() =>
  import('./AccountingExportDialog.tsx').then((m) => ({ default: m.AccountingExportDialog })),
);

/** Last month at the venue: what a bookkeeper usually imports. */
export function lastMonth(today: string): { from: string; to: string } {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

export function AccountingExport() {
  const { settings } = useSession();
  const [opened, setOpened] = useState(false);
  // Read once, as the page opens: the range typed is kept from one opening to the next.
  const [initial] = useState(() => lastMonth(venueToday(settings.timezone)));
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Export for accounting
      </Button>
      <OnDemand open={opened}>
        <AccountingExportDialog
          opened={opened}
          initial={initial}
          timezone={settings.timezone}
          onClose={() => setOpened(false)}
        />
      </OnDemand>
    </>
  );
}
