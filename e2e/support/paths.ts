import { resolve } from 'node:path';

/**
 * Ports and scratch folder of one end-to-end run. The defaults are the documented ones; E2E_PORT (with
 * E2E_SMTP_PORT and E2E_OIDC_PORT) lets a second run share the machine, in a folder of its own.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8089);
/** The local Stripe peer (apps/server/src/test/stripe-peer.ts) the e2e server takes payments through. */
export const STRIPE_PEER_PORT = Number(process.env.E2E_STRIPE_PORT ?? APP_PORT + 7);

export const repoRoot = resolve(import.meta.dirname, '../..');
export const tmpDir = resolve(repoRoot, 'e2e/.tmp', APP_PORT === 3100 ? '' : `port-${APP_PORT}`);
export const dataDir = resolve(tmpDir, 'data');
export const mailDir = resolve(tmpDir, 'mail');
export const webDir = resolve(tmpDir, 'web');
export const serverLogFile = resolve(tmpDir, 'server.log');
