/** Runs one action per id and reports which succeeded and why the others were refused. */
export async function bulk(ids: string[], fn: (id: string) => Promise<unknown>) {
  const succeeded: string[] = [];
  const failed: { id: string; message: string }[] = [];
  for (const id of ids) {
    try {
      await fn(id);
      succeeded.push(id);
    } catch (err) {
      // Only refusals reach here (checked before any write); a database error aborts the lot.
      if ((err as { status?: number }).status && (err as { status: number }).status < 500)
        failed.push({ id, message: (err as Error).message });
      else throw err;
    }
  }
  return { succeeded, failed };
}
