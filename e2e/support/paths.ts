import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const DOCUMENTED_PORTS = { E2E_PORT: 3100, E2E_SMTP_PORT: 2525, E2E_OIDC_PORT: 8089, E2E_STRIPE_PORT: 3107 };

/**
 * Something already listening on a documented port (another run, a developer's server) must not break this run:
 * the first process to get here (Playwright's runner) then takes free ports for all four. Either way it writes the
 * ports into the environment, so its workers and the e2e server (started before the workers import this file, and
 * holding the ports by then) use the same ones. Asked of a child process so the answer is there at import.
 */
function choosePorts() {
  if (process.env.E2E_PORT) return;
  const probe = `
    const net = require('node:net');
    const tryListen = (port) => new Promise((done) => {
      const server = net.createServer();
      server.once('error', () => done(null));
      server.listen(port, '127.0.0.1', () => { const { port: got } = server.address(); server.close(() => done(got)); });
    });
    (async () => {
      const wanted = JSON.parse(process.argv[1]);
      const taken = [];
      for (const port of Object.values(wanted)) if ((await tryListen(port)) === null) taken.push(port);
      if (taken.length === 0) return console.log(JSON.stringify(wanted));
      const chosen = {};
      for (const name of Object.keys(wanted)) chosen[name] = await tryListen(0);
      console.log(JSON.stringify(chosen));
    })();`;
  const chosen = JSON.parse(
    execFileSync(process.execPath, ['-e', probe, JSON.stringify(DOCUMENTED_PORTS)], { encoding: 'utf8' }),
  ) as Record<string, number>;
  for (const [name, port] of Object.entries(chosen)) process.env[name] = String(port);
}
choosePorts();

/**
 * Ports and scratch folder of one end-to-end run. The defaults are the documented ones; E2E_PORT (with
 * E2E_SMTP_PORT and E2E_OIDC_PORT) lets a second run share the machine, in a folder of its own.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8089);
/** The local Stripe peer (apps/server/src/test/stripe-peer.ts) the e2e server takes payments through. */
export const STRIPE_PEER_PORT = Number(process.env.E2E_STRIPE_PORT ?? APP_PORT + 7);
/** The local peer speaking Twilio's Messages API (texts). */
export const TWILIO_PEER_PORT = Number(process.env.E2E_TWILIO_PORT ?? APP_PORT + 8);
/** The local peer speaking HMRC's OAuth and MTD VAT API (VAT returns). */
export const HMRC_PEER_PORT = Number(process.env.E2E_HMRC_PORT ?? APP_PORT + 9);

export const repoRoot = resolve(import.meta.dirname, '../..');
export const tmpDir = resolve(repoRoot, 'e2e/.tmp', APP_PORT === 3100 ? '' : `port-${APP_PORT}`);
export const dataDir = resolve(tmpDir, 'data');
export const mailDir = resolve(tmpDir, 'mail');
export const webDir = resolve(tmpDir, 'web');
/** The server's bundle this run starts, as `npm start` runs it (built from the sources at the run's start). */
export const serverBundleDir = resolve(tmpDir, 'server');
export const serverLogFile = resolve(tmpDir, 'server.log');

/**
 * With TEST_DATABASE_URL (as in CI), the e2e server runs on that PostgreSQL, in a database of this run's own
 * (`e2e_<port>`, made fresh at each start): its queries then run in PostgreSQL's own processes beside the server,
 * where PGlite runs each one on the server's single thread, in turn, while three browsers wait. PGlite is the
 * default without it (and with E2E_DATABASE=pglite); the server tests run every query on both.
 */
export const e2eDatabase = (() => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || process.env.E2E_DATABASE === 'pglite') return undefined;
  const url = new URL(adminUrl);
  const name = `e2e_${APP_PORT}`;
  url.pathname = `/${name}`;
  return { name, adminUrl, url: url.toString() };
})();
