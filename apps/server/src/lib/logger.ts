import { writeSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';

/** How long a log line may wait in memory for others to share its write. */
export const LOG_FLUSH_MS = 250;
/** How much text is gathered before it is written without waiting for the timer. */
const LOG_BATCH_CHARS = 4096;

let standardOutput: (DestinationStream & { flushSync(): void }) | undefined;

/**
 * The server's log on standard output, one JSON line per event. Lines are gathered and written together (4 KB, or
 * after LOG_FLUSH_MS) instead of one write each: a write per request line was a tenth of the server's time under load
 * (issue 27). What is gathered is written when the process exits, a crash included; only a kill -9 can lose the last
 * quarter second. Each write is synchronous: an asynchronous one still in flight at the exit was lost, or overtaken by
 * the lines written then. One stream for the whole process, whatever the number of loggers.
 */
export function createLogger(options: { level: string; name?: string }): Logger {
  if (!standardOutput) {
    const stream = batchedOutput(1);
    setInterval(() => stream.flushSync(), LOG_FLUSH_MS).unref();
    process.once('exit', () => stream.flushSync());
    standardOutput = stream;
  }
  return pino(options, standardOutput);
}

/**
 * Lines kept in a list and written in one synchronous write once LOG_BATCH_CHARS of them are waiting. Not pino's
 * sonic-boom: with a minimum length it appends each line to one growing string and measures that string's bytes at
 * every write, so each line cost more the fuller the batch (3 % of the server's time on /api/health, decision 097).
 */
function batchedOutput(fd: number): DestinationStream & { flushSync(): void } {
  let waiting: string[] = [];
  let chars = 0;
  const flushSync = () => {
    if (waiting.length === 0) return;
    const text = Buffer.from(waiting.join(''));
    waiting = [];
    chars = 0;
    writeAll(fd, text);
  };
  return {
    write(line: string) {
      waiting.push(line);
      chars += line.length;
      if (chars >= LOG_BATCH_CHARS) flushSync();
    },
    flushSync,
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes every byte, waiting while a pipe opened without blocking (stdout of some parents) is full. */
function writeAll(fd: number, bytes: Buffer) {
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}
