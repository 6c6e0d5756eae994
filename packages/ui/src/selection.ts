/**
 * The ticked rows of a table, a set of ids, written once (issue 28 item 4): a row's box ticks or
 * unticks that row; the header's box ticks every shown row, or unticks them all when all are
 * ticked, and rows the filters hide keep their state. Each returns a new set (React state).
 * Imported as `@venue/ui/selection`.
 */

interface Row {
  id: string;
}

/** Whether every shown row is ticked (never when no row is shown). */
export function allTicked(selected: ReadonlySet<string>, rows: readonly Row[]): boolean {
  return rows.length > 0 && rows.every((r) => selected.has(r.id));
}

/** The selection with one row ticked, or unticked when it was. */
export function withToggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection after the header's box: every shown row ticked, or all unticked when all were. */
export function withAllToggled(selected: ReadonlySet<string>, rows: readonly Row[]): Set<string> {
  const all = allTicked(selected, rows);
  const next = new Set(selected);
  for (const r of rows) {
    if (all) next.delete(r.id);
    else next.add(r.id);
  }
  return next;
}
