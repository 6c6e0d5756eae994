// node-postgres's value writer (pg/lib/utils.js), which @types/pg does not declare: the embedded
// database's statements write their parameters with it (pglite-wire.ts), as pg does on a server.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Uint8Array | null };
  export default utils;
}
