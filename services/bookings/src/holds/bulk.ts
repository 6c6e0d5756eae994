/**
 * Runs one action per id and reports which succeeded and why the others were refused. The ids
 * are worked through in sorted order, whatever order the caller sent: each action locks its
 * booking's row until the request commits, so two bulk requests over the same bookings take
 * the locks in one order and queue behind each other instead of deadlocking.
 */
export async function bulk(ids: string[], fn: (id: string) => Promise<unknown>) {
  const outcome = new Map<number, string | null>();
  const order = ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : a - b));
  for (const i of order) {
    try {
      await fn(ids[i]!);
      outcome.set(i, null);
    } catch (err) {
      // Only refusals reach here (checked before any write, or a conditional update that matched
      // nothing); a database error aborts the lot.
      if ((err as { status?: number }).status && (err as { status: number }).status < 500)
        outcome.set(i, (err as Error).message);
      else throw err;
    }
  }
  const succeeded: string[] = [];
  const failed: { id: string; message: string }[] = [];
  ids.forEach((id, i) => {
    const refusal = outcome.get(i);
    if (refusal == null) succeeded.push(id);
    else failed.push({ id, message: refusal });
  });
  return { succeeded, failed };
}
