import { jest } from '@jest/globals';

/**
 * Sets "now" to `date` for a component test. Only Date is faked: msw, Testing Library and
 * Mantine keep their real timers. Undo with `jest.useRealTimers()`.
 */
export function atTime(date: string | number | Date): void {
  jest.useFakeTimers({
    now: new Date(date),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
}
