import { writeSync } from 'node:fs';
import pino, { type BaseLogger, type DestinationStream, type Logger } from 'pino';

/** How long a log line may wait in memory for others to share its write. */
export const LOG_FLUSH_MS = 250;
/** How much is gathered before it is written without waiting for the timer. */
const LOG_BATCH_BYTES = 16 * 1024;

let standardOutput: (DestinationStream & { flushSync(): void }) | undefined;

/**
 * The server's log on standard output, one JSON line per event. Lines are gathered and written together (16 KB, or
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
 * Lines encoded one by one into a buffer of LOG_BATCH_BYTES and written in one synchronous write when the next would
 * not fit. Not pino's sonic-boom: with a minimum length it appends each line to one growing string and measures that
 * string's bytes at every write, so each line cost more the fuller the batch (3 % of the server's time on /api/health,
 * decision 097); nor a list joined at each write, whose join and copy were 1.2 % more (issue 27).
 */
function batchedOutput(fd: number): DestinationStream & { flushSync(): void } {
  const batch = Buffer.allocUnsafe(LOG_BATCH_BYTES);
  let used = 0;
  const flushSync = () => {
    if (used === 0) return;
    const filled = used;
    used = 0;
    writeAll(fd, batch.subarray(0, filled));
  };
  return {
    write(line: string) {
      // A UTF-8 character takes at most 3 bytes per UTF-16 unit: a line that may not fit goes out after this batch.
      if (used + line.length * 3 > LOG_BATCH_BYTES) {
        flushSync();
        if (line.length * 3 > LOG_BATCH_BYTES) return writeAll(fd, Buffer.from(line));
      }
      used += batch.write(line, used);
    },
    flushSync,
  };
}

const { streamSym, chindingsSym } = pino.symbols;
/** What pino exposes through its symbols for a line written without it: its destination and its bindings as text. */
type PinoInternals = Record<symbol, unknown> & { levelVal: number; levels: { values: Record<string, number> } };

/** The request line's fields (request-log.ts). */
export type RequestLine = { method: string; path: string; status: number; ms: number };

/**
 * Writes at info, through `log`'s destination, the line `log.info(fields, 'request')` would write (level, time, the
 * logger's bindings such as the request id, the fields, msg) for a logger with pino's default time and keys, as ours
 * are. One template instead of pino's walk over any object: that walk, per request, was 4 % of the server's CPU on
 * /api/health (issue 27). logger.test.ts holds it to pino's own line.
 */
export function writeRequestLine(log: Pick<BaseLogger, 'level'>, { method, path, status, ms }: RequestLine) {
  const internals = log as unknown as PinoInternals;
  const info = internals.levels.values.info ?? 30;
  if (internals.levelVal > info) return;
  (internals[streamSym] as DestinationStream).write(
    `{"level":${info},"time":${Date.now()}${internals[chindingsSym] as string},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Number.isFinite(ms) ? ms : null},"msg":"request"}\n`,
  );
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
