import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_MS, writeRequestLine } from './logger.ts';

const loggerModule = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** A process of its own that logs with createLogger as the server does; what reaches its standard output, line by line. */
function loggingProcess(script: string, { readAfterMs = 0 } = {}) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(loggerModule)};\nconst log = createLogger({ level: 'info' });\n${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const lines: { msg: string }[] = [];
  let partial = '';
  // A reader that starts late fills the pipe first, as a busy log collector does.
  if (readAfterMs > 0) {
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), readAfterMs);
  }
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) lines.push(JSON.parse(line) as { msg: string });
  });
  // 'close', not 'exit': the process may have exited before its last output is read here.
  const exited = new Promise<number | null>((done) => child.on('close', done));
  return { child, lines, exited };
}

describe(`createLogger (lines gathered, written together or after ${LOG_FLUSH_MS} ms)`, () => {
  it('writes a line on a quiet server within a moment, without waiting for more lines to fill its buffer', async () => {
    // It stays up for 5 s: the line must come from the flush timer, not from the exit.
    const logging = loggingProcess(`log.info('lonely line'); setTimeout(() => {}, 5000);`);
    try {
      await expect.poll(() => logging.lines.map((line) => line.msg), { timeout: 4000 }).toEqual(['lonely line']);
      expect(logging.child.exitCode).toBeNull();
    } finally {
      logging.child.kill();
    }
  });

  it('writes every line still gathered when the process exits at once after logging', async () => {
    const logging = loggingProcess(`for (let n = 0; n < 100; n++) log.info('line ' + n); process.exit(0);`);
    expect(await logging.exited).toBe(0);
    expect(logging.lines.map((line) => line.msg)).toEqual(Array.from({ length: 100 }, (_, n) => `line ${n}`));
  });

  it('writes the lines of a process that ends with an uncaught error', async () => {
    const logging = loggingProcess(`log.info('before the crash'); setTimeout(() => { throw new Error('boom'); }, 10);`);
    expect(await logging.exited).not.toBe(0);
    expect(logging.lines.map((line) => line.msg)).toEqual(['before the crash']);
  });

  it('writes every line, in order, when they fill the pipe faster than its reader empties it', async () => {
    // Two megabytes, thirty times a pipe's buffer; standard output opened by the process itself does not block.
    const logging = loggingProcess(
      `process.stdout.write(''); const filler = 'x'.repeat(80);
       for (let n = 0; n < 20000; n++) log.info({ filler }, 'line ' + n); process.exit(0);`,
      { readAfterMs: 300 },
    );
    expect(await logging.exited).toBe(0);
    expect(logging.lines.map((line) => line.msg)).toEqual(Array.from({ length: 20000 }, (_, n) => `line ${n}`));
  });
});

describe('writeRequestLine (the request line, written without pino’s object walk)', () => {
  it('writes the very line pino writes for the same fields, bindings and time, and nothing below the level', () => {
    const written: string[] = [];
    const destination = { write: (line: string) => void written.push(line) };
    const log = pino({ level: 'info', name: 'server' }, destination).child({ reqId: 'req-"7"' });
    const fields = { method: 'GET', path: '/api/find/Zoë "O\'Neil"\n\u0000', status: 200, ms: 0.3 };
    vi.useFakeTimers({ now: new Date('2026-11-28T18:00:00.123Z'), toFake: ['Date'] });
    try {
      log.info(fields, 'request');
      writeRequestLine(log, fields);
    } finally {
      vi.useRealTimers();
    }
    expect(written).toHaveLength(2);
    expect(written[1]).toBe(written[0]);
    expect(JSON.parse(written[1] ?? '')).toMatchObject({ name: 'server', reqId: 'req-"7"', path: fields.path });

    log.level = 'warn';
    writeRequestLine(log, fields);
    expect(written).toHaveLength(2);
  });
});
