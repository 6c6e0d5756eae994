import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded dialog from the first time it is opened, and keeps it mounted after
 * (so closing still animates): the page's first load carries none of the dialog's code.
 */
export function OnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
