import { createContext, useContext } from 'react';

/**
 * The page's query string ('?toName=…' or ''), from the shell's `search` prop. Pages render
 * without props (RemotePage), so the root hands it down this way; the dashboard's "share by
 * e-mail" link (/comms-send-email?toName&invoice&amount&bookingId) is read through it.
 */
export const RouteSearch = createContext('');

export function useRouteParams(): URLSearchParams {
  return new URLSearchParams(useContext(RouteSearch));
}
