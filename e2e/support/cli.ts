import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

export type CliAnswer = { code: number; stdout: string; stderr: string };

/** The running server's admin CLI socket and its secret (apps/server/src/cli/cli-socket.ts, decision 041). */
export function cliSocketOf(dataDir: string) {
  const folder = join(resolve(dataDir), 'cli');
  return { socket: join(folder, 'server.sock'), secret: join(folder, 'secret') };
}

/**
 * `npm run cli -- …argv` beside the running e2e server: the CLI's own request to the server's socket (askRunningServer
 * in cli-socket.ts), written out here so the e2e server's start does not load every command the CLI knows.
 */
export function runCli(dataDir: string, argv: string[]): Promise<CliAnswer> {
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
