/**
 * A service harness (or anything started that closes) for the tests of one describe. Call it
 * inside the describe, never at the top of a file: a workspace's files share one process
 * (scripts/test.mjs, decision 70), where a file's top-level before/after belong to the process's
 * one root test, so every file's service would be up from the first test to the last.
 */
import { after, before } from 'node:test';

/** The object `useStarted(start, h)` fills when its describe starts: empty until then. */
export const unstarted = <H>(): H => ({}) as H;

/**
 * Starts `start()` in the describe's `before` and closes it in its `after`; answers `into` (a new
 * object unless a helper at module level needs it, from `unstarted()`), which holds what `start`
 * answered from the describe's start on.
 */
export function useStarted<H extends { close(): Promise<void> | void }>(
  start: () => Promise<H>,
  into: H = unstarted<H>(),
): H {
  before(async () => {
    Object.assign(into, await start());
  });
  after(() => into.close());
  return into;
}
