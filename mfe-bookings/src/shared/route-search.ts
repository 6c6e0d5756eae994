import { createContext, useContext } from 'react';

/**
 * The page's query string ('?q=HH-2026-0042' or ''), from the shell's `search` prop. Pages render
 * without props (RemotePage), so the root hands it down this way. Links elsewhere in the product
 * (the venue's "new request" e-mail, a quotation's booking) open Bookings All at `?q=<code>`.
 */
export const RouteSearch = createContext('');

export function useRouteParams(): URLSearchParams {
  return new URLSearchParams(useContext(RouteSearch));
}
