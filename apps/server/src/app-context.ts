// The types every route file and every verb is handed: what the app is built from. Kept apart from app.ts, which
// imports the routes, so that no route imports the file that imports it; this file imports types only.
import type { Logger } from 'pino';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Auth } from './modules/auth/auth.ts';
import type { Outbox } from './modules/outbox/outbox.service.ts';
import type { StripeAccount } from './modules/payments/stripe-client.ts';
import type { FileStore } from './modules/storage/file-store.ts';

/** Everything the routes, the CLI and the jobs share: database, outbox, auth. No HTTP here. */
export type AppContext = {
  env: Env;
  logger: Logger;
  database: Database;
  db: Db;
  outbox: Outbox;
  auth: Auth;
  files: FileStore;
  /** The Stripe account, or null: without keys nothing is taken online (decision 047). */
  stripe: StripeAccount | null;
  /** Seals the practice's health records and notes (decision 068); never stored in the database. */
  recordsKey: Buffer;
  /** Starts the background jobs (email delivery); the web server and workers share one process by default. */
  startJobs(): Promise<void>;
  close(): Promise<void>;
};

/** What a booking verb needs of the app; tests pass their own clock as `now`. */
export type BookingDeps = {
  db: Db;
  env: Env;
  outbox: Outbox;
  stripe?: StripeAccount | null;
  logger?: Logger;
  now?: () => number;
};
