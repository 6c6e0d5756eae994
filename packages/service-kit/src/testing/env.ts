/**
 * The environment for a stretch of a test file. A workspace's test files share one process
 * (decision 70), and the kit reads some settings from the environment when it acts (another
 * service's `<NAME>_URL` at each internal call, `INTERNAL_SECRET`, `SMTP_URL`), so a variable a
 * file sets and leaves is read by every file after it. Set in a describe's `before`, undone in its
 * `after` (or a `finally`).
 */

/** Sets the variables (`undefined` unsets one) and answers the function that puts back what each held. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const was = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  for (const [name, value] of Object.entries(vars)) put(name, value);
  return () => {
    for (const [name, value] of was) put(name, value);
  };
}

/** `setEnv` for other services' addresses, by name: `{ money: url }` sets `MONEY_URL`. */
export function pointPeersAt(urls: Record<string, string | undefined>): () => void {
  return setEnv(
    Object.fromEntries(
      Object.entries(urls).map(([name, url]) => [`${name.toUpperCase().replace(/-/g, '_')}_URL`, url]),
    ),
  );
}
