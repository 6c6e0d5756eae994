/**
 * A list page's QueryStatus words, after what it lists (plural: "Loading add-ons...", "Failed to
 * fetch add-ons"); a failed refresh shows the failure in place of the list, as these pages always have.
 */
export function listStatus(noun: string) {
  return { loading: `Loading ${noun}...`, failure: `Failed to fetch ${noun}`, staleData: 'replace' as const };
}
