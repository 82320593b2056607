import pino, { type DestinationStream, type Logger } from 'pino';

/** How long a log line may wait in memory for others to share its write. */
export const LOG_FLUSH_MS = 250;

let standardOutput: DestinationStream | undefined;

/**
 * The server's log on standard output, one JSON line per event. Lines are gathered and written together (4 KB, or
 * after LOG_FLUSH_MS) instead of one write each: a write per request line was a tenth of the server's time under load
 * (issue 27). What is gathered is written when the process exits, a crash included; only a kill -9 can lose the last
 * quarter second. Each write is synchronous: an asynchronous one still in flight at the exit was lost, or overtaken by
 * the lines written then. One stream for the whole process, whatever the number of loggers.
 */
export function createLogger(options: { level: string; name?: string }): Logger {
  if (!standardOutput) {
    const stream = pino.destination({ dest: 1, minLength: 4096, sync: true });
    setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
    // Pino flushes at the exit only the streams it writes asynchronously.
    process.once('exit', () => stream.flushSync());
    standardOutput = stream;
  }
  return pino(options, standardOutput);
}
