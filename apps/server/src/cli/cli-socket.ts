import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { type CliResult, runCommand } from './commands.ts';

/**
 * The admin CLI beside a running server on PGlite (one process may open DATA_DIR): the server listens on a Unix
 * socket in DATA_DIR/cli (folder 0700, socket 0600), so only the machine's owner of DATA_DIR reaches it, and each
 * request must also carry the secret the server wrote beside it (file 0600, new at every start). Nothing listens
 * on the network.
 */
export function cliSocketPaths(dataDir: string) {
  const folder = join(resolve(dataDir), 'cli');
  return { folder, socket: join(folder, 'server.sock'), secret: join(folder, 'secret') };
}

/** Longest request accepted (a command line); anything longer is cut off. */
const MAX_REQUEST_BYTES = 64 * 1024;

const REFUSED: CliResult = {
  code: 1,
  stdout: '',
  stderr: 'Refused: the request did not carry the secret of the running server (DATA_DIR/cli/secret).\n',
};

function sameSecret(given: unknown, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

export async function startCliSocket(options: { dataDir: string; database: Database; env: Env; logger: Logger }) {
  const paths = cliSocketPaths(options.dataDir);
  mkdirSync(paths.folder, { recursive: true, mode: 0o700 });
  chmodSync(paths.folder, 0o700);
  // We hold the DATA_DIR lock: a socket or secret left here belongs to a server that died.
  rmSync(paths.socket, { force: true });
  rmSync(paths.secret, { force: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(paths.secret, secret, { mode: 0o600, flag: 'wx' });
  const expected = Buffer.from(secret);

  const server: Server = createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.setTimeout(30_000, () => connection.destroy());
    const answer = (result: CliResult) => connection.end(`${JSON.stringify(result)}\n`);
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        connection.destroy();
        return;
      }
      const end = received.indexOf('\n');
      if (end < 0) return;
      connection.removeAllListeners('data');
      let request: { secret?: unknown; argv?: unknown };
      try {
        request = JSON.parse(received.slice(0, end));
      } catch {
        answer(REFUSED);
        return;
      }
      const argv = request.argv;
      if (!sameSecret(request.secret, expected) || !Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) {
        options.logger.warn({ event: 'cli-refused' }, 'admin CLI socket: request refused (wrong or missing secret)');
        answer(REFUSED);
        return;
      }
      void runCommand({ database: options.database, env: options.env }, { argv }).then((result) => {
        options.logger.info({ event: 'cli', command: argv.slice(0, 2).join(' '), code: result.code }, 'admin CLI');
        answer(result);
      });
    });
    connection.on('error', () => connection.destroy());
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(paths.socket, () => done());
  });
  chmodSync(paths.socket, 0o600);
  return {
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(paths.socket, { force: true });
      rmSync(paths.secret, { force: true });
    },
  };
}

/** The CLI's side: hands the command to the server holding DATA_DIR and returns what it answered. */
export async function askRunningServer({
  dataDir,
  argv,
}: {
  dataDir: string;
  argv: string[];
}): Promise<CliResult | null> {
  const paths = cliSocketPaths(dataDir);
  if (!existsSync(paths.socket) || !existsSync(paths.secret)) return null;
  const secret = readFileSync(paths.secret, 'utf8');
  return new Promise((done, fail) => {
    const connection = connect(paths.socket);
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ secret, argv })}\n`));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      try {
        done(JSON.parse(received) as CliResult);
      } catch {
        fail(new Error('The running server gave no answer.'));
      }
    });
    connection.on('error', fail);
  });
}
