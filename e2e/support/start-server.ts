/**
 * Playwright's webServer: a fresh data directory, a real SMTP server that files every message as JSON, a local
 * OpenID provider and Stripe peer, the production server on :3100, then the test accounts made through it. Prints
 * `[e2e server] ready` once all is there (Playwright waits for that line). Run with plain `node`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startHmrcPeer } from '../../apps/server/src/test/hmrc-peer.ts';
import { startStripePeer } from '../../apps/server/src/test/stripe-peer.ts';
import { startTwilioPeer, TEST_TWILIO } from '../../apps/server/src/test/twilio-peer.ts';
import { buildServer } from '../../scripts/build-server.ts';
import { accounts, oidcUser } from './accounts.ts';
import { cliEnvOnPostgres, cliSocketOf, E2E_RECORDS_KEY } from './cli.ts';
import { diaryFile } from './diary.ts';
import { createAccounts, enrolAuthenticator } from './enrol-second-factor.ts';
import {
  APP_PORT,
  dataDir,
  e2eDatabase,
  HMRC_PEER_PORT,
  mailDir,
  OIDC_PORT,
  repoRoot,
  SMTP_PORT,
  STRIPE_PEER_PORT,
  serverBundleDir,
  serverLogFile,
  TWILIO_PEER_PORT,
  webDir,
} from './paths.ts';
import { saveTotpUris, totpStepsDir } from './second-factor.ts';
import { sessionsDir } from './sessions.ts';

const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: String(APP_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${APP_PORT}`,
  DATA_DIR: dataDir,
  WEB_DIST: webDir,
  AUTH_SECRET: 'e2e-only-secret-0123456789-abcdefghijklmnop',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  // With email set up, verification is on by default (decision 035; sign-up then answers alike for new and known
  // addresses, tested in apps/server/src/hardening/sign-up-discretion.test.ts). These walks book straight after
  // signing up, as an install that chose REQUIRE_EMAIL_VERIFICATION=false does.
  REQUIRE_EMAIL_VERIFICATION: 'false',
  MAIL_FROM: 'booking@example.test',
  EMAIL_RETRY_DELAY_S: '1',
  OIDC_ISSUER: `http://localhost:${OIDC_PORT}`,
  OIDC_CLIENT_ID: 'e2e-client',
  OIDC_CLIENT_SECRET: 'e2e-secret',
  OIDC_NAME: 'Test ID',
  AUTH_RATE_LIMIT_MAX: '5',
  AUTH_RATE_LIMIT_WINDOW_S: '60',
  // Each test sends its own X-Forwarded-For (e2e/support/fixtures.ts), so the low sign-in limit is per test.
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'info',
  // A payment holds its time for 30 seconds rather than 9 minutes, and the production job that releases it looks
  // every 5 seconds rather than every minute, so a walk sees a hold run out and its time offered again.
  PAYMENT_HOLD_S: '30',
  PAYMENT_HOLD_SWEEP_S: '5',
  // Reminder texts and review requests come due every 5 seconds rather than every minute, for the same reason.
  DUE_MESSAGES_SWEEP_S: '5',
  // The nightly backup an hour behind the start (London time, as the server reads it): none runs during the run, whose
  // dashboard walk shows the warning of an install never backed up. At the default 03:00 a run crossing it failed.
  BACKUP_TIME: anHourAgoInLondon(),
  // The owner's other calendars are served by the tests themselves on 127.0.0.1, which production refuses.
  OUTSIDE_CALENDAR_ALLOW_ADDRESSES: '127.0.0.1',
};

function anHourAgoInLondon(): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.now() - 3_600_000);
}

/** This run's PostgreSQL database (paths.ts), dropped and made again empty; the server migrates it as it starts. */
async function freshDatabase() {
  if (!e2eDatabase) return {};
  await onPostgres(`drop database if exists ${e2eDatabase.name} with (force)`);
  await onPostgres(`create database ${e2eDatabase.name}`);
  return { DATABASE_URL: e2eDatabase.url, RECORDS_KEY: E2E_RECORDS_KEY };
}

async function onPostgres(statement: string) {
  const client = new pg.Client({ connectionString: e2eDatabase?.adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function log(message: string) {
  console.log(`[e2e server] ${message}`);
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout.trim();
}

async function startSmtp(): Promise<SMTPServer> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          const file = join(mailDir, `${Date.now()}-${String(++count).padStart(4, '0')}.json`);
          writeFileSync(
            file,
            JSON.stringify(
              {
                to,
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: mail.html || '',
                // What is attached, and its first bytes: enough to tell a PDF without keeping the whole file.
                attachments: mail.attachments.map((attachment) => ({
                  filename: attachment.filename ?? '',
                  contentType: attachment.contentType,
                  size: attachment.size,
                  head: attachment.content.subarray(0, 8).toString('latin1'),
                })),
              },
              null,
              2,
            ),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return server;
}

async function startOidc(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const claims = { email: oidcUser.email, email_verified: true, name: oidcUser.name };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { sub: 'johndoe', ...claims };
  });
  await server.start(OIDC_PORT, 'localhost');
  return server;
}

async function main() {
  const started = Date.now();
  // Only this run's own folders: another run (E2E_PORT) may be using its own beside them. The diary's ledger of
  // handed-out times (diary.ts), the authenticator steps used (second-factor.ts) and the shared sessions
  // (sessions.ts) start empty with the database.
  for (const dir of [dataDir, mailDir, webDir, serverBundleDir, serverLogFile, diaryFile, totpStepsDir, sessionsDir])
    rmSync(dir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(mailDir, { recursive: true });

  const builtWeb = join(repoRoot, 'apps/web/dist');
  if (process.env.E2E_BUILD === '1' || !existsSync(join(builtWeb, 'index.html'))) {
    log('building the web app');
    run('npm', ['run', 'build']);
  }
  // The server lists the static files once at start; a copy keeps a rebuild during the run from breaking it.
  cpSync(builtWeb, webDir, { recursive: true });
  // What `npm start` runs (decision 088), built into this run's folder: the walks go through the production bundle,
  // and an edit to the sources during the run does not reach the server.
  log('building the server bundle');
  await buildServer(serverBundleDir);

  // Online payment is on, through the local Stripe peer: its webhooks are signed and posted to the server as
  // Stripe's are. The payment policy starts as "nothing up front", so every other walk books as without Stripe.
  // Texts go through the official Twilio SDK to a local peer speaking its Messages API (GET /__peer/texts lists them).
  // VAT returns are filed with a local peer speaking HMRC's OAuth and MTD VAT API (GET /__peer/fraud-checks).
  const [databaseEnv, smtp, oidc, stripe, twilioPeer, hmrcPeer] = await Promise.all([
    freshDatabase(),
    startSmtp(),
    startOidc(),
    startStripePeer({ secretKey: 'sk_test_e2epeer', webhookSecret: 'whsec_e2epeer', port: STRIPE_PEER_PORT }),
    startTwilioPeer({ ...TEST_TWILIO, port: TWILIO_PEER_PORT }),
    startHmrcPeer({ port: HMRC_PEER_PORT }),
  ]);
  stripe.deliverTo(async (payload, headers) => {
    const answer = await fetch(`http://127.0.0.1:${APP_PORT}/api/stripe/webhook`, {
      method: 'POST',
      headers,
      body: payload,
    });
    return answer.status;
  });
  log(`SMTP on :${SMTP_PORT}, OpenID provider on ${oidc.issuer.url}, Stripe peer on ${stripe.url}`);
  log(e2eDatabase ? `PostgreSQL database ${e2eDatabase.name}` : `PGlite in ${dataDir}`);

  const serverLog = createWriteStream(serverLogFile);
  const server: ChildProcess = spawn('node', [join(serverBundleDir, 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv, ...databaseEnv, ...stripe.env(), ...twilioPeer.env(), ...hmrcPeer.env() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(serverLog);
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog.write(chunk);
    process.stderr.write(chunk);
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await Promise.allSettled([
      new Promise((resolve) => smtp.close(() => resolve(undefined))),
      oidc.stop(),
      stripe.close(),
      twilioPeer.close(),
      hmrcPeer.close(),
    ]);
    if (e2eDatabase) await onPostgres(`drop database if exists ${e2eDatabase.name} with (force)`).catch(() => {});
    process.exit(code);
  };
  server.on('exit', (code) => {
    if (!stopping) log(`server exited with ${code}; see ${serverLogFile}`);
    void stop(code ?? 1);
  });
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));

  try {
    await untilServing(server);
    log(`server up after ${Date.now() - started} ms`);
    // The accounts are made with the admin CLI (on PGlite through the server itself, which holds its directory).
    // Every admin needs a second factor: the test admin's authenticator is enrolled and its URI kept.
    await createAccounts(dataDir, Object.values(accounts), log, await cliHere());
    const admins = Object.values(accounts).filter(
      (account) =>
        account.role === 'admin' &&
        account !== accounts.enrolAdmin &&
        account !== accounts.enrolAdminPhone &&
        account !== accounts.passkeyAdmin,
    );
    const origin = serverEnv.PUBLIC_URL ?? '';
    const uris = await Promise.all(admins.map(async (admin) => [admin.email, await enrolAuthenticator(origin, admin)]));
    saveTotpUris(Object.fromEntries(uris));
    log(`enrolled an authenticator for ${admins.map((account) => account.email).join(', ')}`);
  } catch (error) {
    console.error('[e2e server] start-up failed:', error);
    await stop(1);
  }
  log(`ready after ${Date.now() - started} ms`);
}

/**
 * On PostgreSQL the CLI's commands run in this process (one load of them, not a process per account); on PGlite
 * createAccounts' default asks the server.
 */
async function cliHere() {
  if (!e2eDatabase) return undefined;
  const { runCli } = await import('../../apps/server/src/cli/run-cli.ts');
  return (argv: string[]) => runCli(argv, cliEnvOnPostgres());
}

/** Resolves once the server answers its health check and, on PGlite, its admin CLI socket is open (both follow its listen). */
async function untilServing(server: ChildProcess) {
  const { socket, secret } = cliSocketOf(dataDir);
  const socketOpen = () => e2eDatabase !== undefined || (existsSync(socket) && existsSync(secret));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${serverLogFile}`);
    const healthy = await fetch(`http://127.0.0.1:${APP_PORT}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (healthy && socketOpen()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

main().catch((error) => {
  console.error('[e2e server] start-up failed:', error);
  process.exit(1);
});
