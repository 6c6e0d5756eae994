import { pino } from 'pino';

/** What pino writes lines to: a string sink, like `pino.destination()`'s. */
export interface LineSink {
  write(chunk: string): unknown;
}

export interface BatchedLinesOptions {
  /** Longest a line waits before it is written (default 50 ms). */
  maxDelayMs?: number;
  /** Pending characters that make the batch go out at once (default 32 KiB, half a pipe's buffer). */
  maxPending?: number;
}

/** The lines one batch may wait behind a stalled reader before new ones are dropped (16 MiB). */
const MAX_BACKLOG = 16 * 1024 * 1024;

/**
 * The default sink: pino's destination on stdout, asynchronous. A write is a hand-off to libuv's
 * pool, once per batch; a full pipe (EAGAIN) is retried later while the event loop goes on, so a
 * reader that stops reading (a launcher busy elsewhere, a stuck log driver) never stalls the
 * gateway. Past MAX_BACKLOG waiting, sonic-boom drops lines rather than growing without end.
 * At exit what is buffered is written synchronously, unless the pipe is full (nothing waits).
 */
function stdoutSink(): LineSink & { flushSync?: () => void } {
  let exiting = false;
  const boom = pino.destination({
    dest: 1,
    sync: false,
    maxLength: MAX_BACKLOG,
    retryEAGAIN: () => !exiting,
  });
  return {
    write: (chunk: string) => boom.write(chunk),
    flushSync: () => {
      exiting = true;
      boom.flushSync();
    },
  };
}

/**
 * The gateway's log destination (issue 9, decision 53). pino's default destination writes each
 * access line on its own with an asynchronous `fs.write` on libuv's thread pool: a hand-off to a
 * pool thread (futex wake-ups), the `write` to the pipe, an eventfd write + read to wake the
 * event loop, and the reader (the launcher, docker's log driver) woken once per line. On this
 * machine a write to a pipe or socket costs about as much as the rest of a small proxied read
 * (CPU profile: the log writes were ~18 % of the gateway's CPU). Here lines are gathered and
 * handed to the sink in one write every `maxDelayMs` or once `maxPending` characters are
 * waiting. The sink never blocks (see stdoutSink): an earlier version wrote synchronously, and
 * the gateway froze as soon as its reader paused long enough to fill the pipe. What is pending
 * when the process exits (shutdown, a fatal error) is written then; only a kill -9 or a crash of
 * the runtime loses the last `maxDelayMs` of lines.
 */
export function batchedLines(
  sink: LineSink & { flushSync?: () => void } = stdoutSink(),
  options: BatchedLinesOptions = {},
): LineSink {
  const maxDelayMs = options.maxDelayMs ?? 50;
  const maxPending = options.maxPending ?? 32 * 1024;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const lines = pending;
    pending = '';
    sink.write(lines);
  };
  process.on('exit', () => {
    flush();
    try {
      sink.flushSync?.();
    } catch {
      // A reader that stopped reading: the process ends without its last lines.
    }
  });
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= maxPending) flush();
      // Unref'd: a process that is otherwise done is not kept alive; 'exit' writes the rest.
      else timer ??= setTimeout(flush, maxDelayMs).unref();
      return true;
    },
  };
}
