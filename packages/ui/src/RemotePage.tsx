import type { ComponentType } from 'react';
import { findPage } from '@venue/contracts';
import { PageHeader } from './components/PageHeader.tsx';
import { NotAvailableYet } from './components/states.tsx';

/**
 * Picks the page a remote renders for the shell's current path. Matching goes through the
 * shared page table, so /bookingsall and /BookingsAll land on the same page.
 */
export function RemotePage({ path, pages }: { path: string; pages: Record<string, ComponentType> }) {
  const page = findPage(path);
  const Page = page ? pages[page.path] : undefined;
  if (!page || !Page) {
    return (
      <>
        <PageHeader title="Page not found" />
        <NotAvailableYet description={`This section has no page at ${path}.`} />
      </>
    );
  }
  return <Page />;
}

/** A page whose screen is still to be built: its real title and an honest note, no data. */
export function plannedPage(path: string, description: string): ComponentType {
  const title = findPage(path)?.title ?? path;
  function PlannedPage() {
    return (
      <>
        <PageHeader title={title} />
        <NotAvailableYet description={description} />
      </>
    );
  }
  PlannedPage.displayName = `PlannedPage(${path})`;
  return PlannedPage;
}
