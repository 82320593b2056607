import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { e2eDatabase, repoRoot } from './paths.ts';

export type CliAnswer = { code: number; stdout: string; stderr: string };

/** The running server's admin CLI socket and its secret (apps/server/src/cli/cli-socket.ts, decision 041). */
export function cliSocketOf(dataDir: string) {
  const folder = join(resolve(dataDir), 'cli');
  return { socket: join(folder, 'server.sock'), secret: join(folder, 'secret') };
}

/** Seals the e2e server's records on PostgreSQL, where RECORDS_KEY is required (on PGlite it is made at first start). */
export const E2E_RECORDS_KEY = 'e2e0'.repeat(16);

/**
 * `npm run cli -- …argv` beside the running e2e server. On PostgreSQL the CLI opens the database itself, as it does
 * beside any server there; on PGlite it asks the server, which holds the data directory (decision 041).
 */
export function runCli(dataDir: string, argv: string[]): Promise<CliAnswer> {
  return e2eDatabase ? runCliProcess(argv) : askServerSocket(dataDir, argv);
}

/** What the CLI reads beside the e2e server on PostgreSQL. */
export const cliEnvOnPostgres = () => ({
  ...process.env,
  DATABASE_URL: e2eDatabase?.url,
  RECORDS_KEY: E2E_RECORDS_KEY,
  LOG_LEVEL: 'warn',
});

function runCliProcess(argv: string[]): Promise<CliAnswer> {
  const env = cliEnvOnPostgres();
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['apps/server/src/cli/cli.ts', ...argv],
      { cwd: repoRoot, env },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The CLI's own request to the server's socket (askRunningServer
 * in cli-socket.ts), written out here so the e2e server's start does not load every command the CLI knows.
 */
function askServerSocket(dataDir: string, argv: string[]): Promise<CliAnswer> {
  const { socket, secret } = cliSocketOf(dataDir);
  if (!existsSync(socket) || !existsSync(secret)) throw new Error(`no CLI socket in ${dataDir}: is the server up?`);
  const request = `${JSON.stringify({ secret: readFileSync(secret, 'utf8'), argv })}\n`;
  return new Promise((done, fail) => {
    const connection = connect(socket);
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(request));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      try {
        done(JSON.parse(received) as CliAnswer);
      } catch {
        fail(new Error(`the server's CLI socket gave no answer to ${argv.slice(0, 2).join(' ')}`));
      }
    });
    connection.on('error', fail);
  });
}
