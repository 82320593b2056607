import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer, startupFailureText } from './server.ts';

// Issue 9, defect 5: a bad setting once passed start-up (a locale, then every booking failed), crashed with
// an unrelated TypeError (an http:// SMTP_URL) or buried its cause in a long stack (an unreachable database).
// Each now stops the server with exactly one line naming the variable and what is wrong. The cases start the server
// in-process (main.ts prints startupFailureText and exits with 1); the last one starts the real process.

const settingsOf = (settings: Record<string, string>) => ({
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: 'memory://',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
  ...settings,
});

/** What main.ts would print when the server starts with these settings; one that starts is stopped and fails. */
async function failureOf(settings: Record<string, string>) {
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(settingsOf(settings), { print: () => {} });
  } catch (error) {
    return startupFailureText(error);
  }
  await server.close();
  throw new Error(`the server started with ${JSON.stringify(settings)}`);
}

async function expectStopsWith(settings: Record<string, string>, line: string) {
  expect((await failureOf(settings)).trimEnd().split('\n')).toEqual([line]);
}

describe('a bad setting stops start-up with one line naming it', () => {
  it.each([
    [
      { BUSINESS_LOCALE: 'en_GB' },
      'BUSINESS_LOCALE: "en_GB" is not a locale dates and money can be written in (e.g. en-GB)',
    ],
    [
      { BUSINESS_LOCALE: 'qq-ZZ' },
      'BUSINESS_LOCALE: "qq-ZZ" is not a locale dates and money can be written in (e.g. en-GB)',
    ],
    [
      { BUSINESS_TIME_ZONE: 'Mars/Olympus' },
      'BUSINESS_TIME_ZONE: "Mars/Olympus" is not an IANA time zone (e.g. Europe/London)',
    ],
    [{ BUSINESS_CURRENCY: 'XYZ' }, 'BUSINESS_CURRENCY: "XYZ" is not an ISO 4217 currency code (e.g. GBP)'],
    [{ BUSINESS_CURRENCY: 'pounds' }, 'BUSINESS_CURRENCY: "pounds" is not an ISO 4217 currency code (e.g. GBP)'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: must start with smtp:// or smtps:// (it starts with http://)'],
    [
      { SMTP_URL: 'mail.example.com:587' },
      'SMTP_URL: must be an address such as smtp://user:pass@mail.example.com:587',
    ],
    [{ PUBLIC_URL: 'booking.example.com' }, 'PUBLIC_URL: must be an address such as https://booking.example.com'],
    [
      { PUBLIC_URL: 'ftp://booking.example.com' },
      'PUBLIC_URL: must start with http:// or https:// (it starts with ftp://)',
    ],
    [{ PORT: 'eighty' }, 'PORT: must be a whole number from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT: must be a whole number from 0 to 65535 (got "70000")'],
    [{ EMAIL_RETRY_LIMIT: '-1' }, 'EMAIL_RETRY_LIMIT: must be a whole number from 0 to 50 (got "-1")'],
    [{ UPLOAD_MAX_BYTES: '10MB' }, 'UPLOAD_MAX_BYTES: must be a whole number of at least 1024 (got "10MB")'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: must be true or false (got "maybe")'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [
      { DATABASE_URL: 'mysql://db.example.com/app' },
      'DATABASE_URL: must start with postgres:// or postgresql:// (it starts with mysql://)',
    ],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
  ])('%o', async (settings, line) => expectStopsWith(settings, line), 70_000);

  it('names an unknown database host instead of a stack', async () => {
    await expectStopsWith(
      { DATABASE_URL: 'postgres://app:secret@db.example.invalid:5432/app' },
      'DATABASE_URL: cannot reach db.example.invalid:5432 (ENOTFOUND)',
    );
  }, 70_000);

  it('names a database that refuses connections', async () => {
    const closed = await freePort();
    await expectStopsWith(
      { DATABASE_URL: `postgres://app:secret@127.0.0.1:${closed}/app` },
      `DATABASE_URL: cannot reach 127.0.0.1:${closed} (ECONNREFUSED)`,
    );
  }, 70_000);

  it('names a port already in use', async () => {
    const holder = await listening();
    const port = (holder.address() as { port: number }).port;
    try {
      await expectStopsWith({ PORT: String(port) }, `PORT: 127.0.0.1:${port} is already in use (EADDRINUSE)`);
    } finally {
      holder.close();
    }
  }, 120_000); // the embedded database starts before the server listens

  it('the server process prints that one line alone on stderr and exits with code 1', async () => {
    const environment: Record<string, string | undefined> = { ...process.env };
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'BUSINESS_TIME_ZONE', 'BUSINESS_CURRENCY'])
      delete environment[name];
    Object.assign(environment, settingsOf({ BUSINESS_LOCALE: 'en_GB' }));
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      env: environment,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // One still running after 60 seconds (the bad setting passed) is stopped and fails.
    const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(stop);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      'BUSINESS_LOCALE: "en_GB" is not a locale dates and money can be written in (e.g. en-GB)',
    ]);
  }, 70_000);
});

function listening(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function freePort() {
  const server = await listening();
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
