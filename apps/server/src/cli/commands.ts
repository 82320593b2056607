import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AppError, roles } from '@app/shared';
import type { Database } from '../db/client.ts';
import { type Env, EnvError } from '../env.ts';
import { backupDirOf, createBackup, recordBackup } from '../modules/backups/backup.service.ts';
import { restoreBackup } from '../modules/backups/restore.service.ts';
import { syncStripeBalance } from '../modules/payments/stripe-balance.service.ts';
import { stripeAccountOf } from '../modules/payments/stripe-client.ts';
import { resolveRecordsKey } from '../modules/records/records-key.ts';
import { createFileStore } from '../modules/storage/storage.service.ts';
import {
  createUser,
  endUserSessions,
  resetSecondFactor,
  setUserDisabled,
  setUserRole,
} from '../modules/users/users.service.ts';

export const usage = `Usage: npm run cli -- <command>

  user create --email E --password P [--name N] [--role ${roles.join('|')}]
  user set-role E ROLE
  user disable E         refuse sign-in and sign the user out everywhere
  user enable E
  user end-sessions E    sign the user out of every device
  user reset-second-factor E
                         remove the user's authenticator app, recovery codes and trusted devices, and sign them
                         out everywhere (an admin sets up a new one at the next sign-in)
  backup [--to DIR]      write one compressed archive of the database and the stored files into DIR
                         (default BACKUP_DIR, or DATA_DIR/backups); --with-records-key adds the key of the
                         practice's records (then the archive alone opens them)
  stripe balance         read Stripe's fees and payouts since the last run into the books now (the daily job's
                         work; what was read before is not posted again)
  restore FILE           bring an empty install (new DATA_DIR, or empty PostgreSQL database) back to the
                         archive's state; refuses a damaged archive or one made by a newer version

The database is the one the server uses (DATABASE_URL, or PGlite in DATA_DIR). While the server runs on PGlite,
the command is run by the server itself (through DATA_DIR/cli/server.sock).`;

export class UsageError extends Error {}

export type Command = (database: Database, env: Env) => Promise<string>;

/** Restore must not open the database the usual way: that would create the schema in the empty target. */
export type StandaloneCommand = { standalone: (env: Env) => Promise<string> };

/** What a command printed and its exit code: the same whether it ran here or in the running server. */
export type CliResult = { code: number; stdout: string; stderr: string };

/** Reads the arguments; a mistake throws UsageError (nothing is opened yet). */
export function commandFrom(argv: string[]): Command | StandaloneCommand {
  const [group, action, ...rest] = argv;
  if (group === 'backup') {
    const { values, positionals } = parseArgs({
      args: argv.slice(1),
      options: { to: { type: 'string' }, 'with-records-key': { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    return async (database, env) => {
      const files = createFileStore(env);
      // The records key goes into the archive only on request (decision 068): the archive alone then opens them.
      const recordsKey = values['with-records-key'] ? resolveRecordsKey(env) : undefined;
      const { file, manifest } = await createBackup(
        { database, files },
        { dir: values.to ?? backupDirOf(env), recordsKey },
      );
      await recordBackup(database.db, { at: new Date(manifest.createdAt), file, ok: true });
      const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
      const keyNote = recordsKey
        ? ' It carries the records key: whoever holds it can read the health records.'
        : ' It does not carry the records key (RECORDS_KEY or DATA_DIR/records.key): keep that key apart, or add --with-records-key.';
      return `Wrote ${file} (${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files).${keyNote}`;
    };
  }
  if (group === 'restore') {
    if (!action || rest.length) throw new UsageError('restore takes one archive file.');
    return {
      standalone: async (env) => {
        const restored = await restoreBackup(env, { archive: action, askKey: askBackupKey });
        const rows = Object.values(restored.manifest.tables).reduce((sum, n) => sum + n, 0);
        return `Restored the backup of ${restored.manifest.createdAt} into ${restored.target}: ${rows} rows, ${restored.files} files. ${restored.recordsKey}`;
      },
    };
  }
  if (group === 'stripe') {
    if (action !== 'balance' || rest.length) throw new UsageError('Unknown command.');
    return async ({ db }, env) => {
      const stripe = await stripeAccountOf(env);
      if (!stripe)
        throw new EnvError('Stripe is not set up: STRIPE_SECRET_KEY and the other STRIPE_ keys are missing.');
      const run = await syncStripeBalance({ db, env, stripe });
      return `Read ${run.read} Stripe balance transaction(s): ${run.posted} posted, ${run.alreadyKnown} already in the books.`;
    };
  }
  if (group !== 'user' || !action) throw new UsageError('Unknown command.');
  if (action === 'create') {
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    if (!values.email || !values.password) throw new UsageError('user create needs --email and --password.');
    const { email, password, name, role } = values;
    return async ({ db }, env) => {
      const created = await createUser({ db, env }, { email, password, name, role: role as never });
      return `Created ${created.role} ${created.email} (${created.id}).`;
    };
  }
  if (!['set-role', 'disable', 'enable', 'end-sessions', 'reset-second-factor'].includes(action))
    throw new UsageError(`Unknown command: user ${action}`);
  const [email, value, extra] = rest;
  const expected = action === 'set-role' ? 2 : 1;
  if (!email || (expected === 2 && !value) || (expected === 1 && value) || extra)
    throw new UsageError(`user ${action} takes ${expected === 2 ? 'an email and a role' : 'one email'}.`);
  switch (action) {
    case 'set-role':
      return async ({ db }) => `${(await setUserRole(db, { email, role: value ?? '' })).email} is now ${value}.`;
    case 'disable':
      return async ({ db }) =>
        `${(await setUserDisabled(db, { email, disabled: true })).email} is disabled and signed out.`;
    case 'enable':
      return async ({ db }) => `${(await setUserDisabled(db, { email, disabled: false })).email} is enabled.`;
    case 'end-sessions':
      return async ({ db }) => `Ended ${await endUserSessions(db, { email })} session(s) of ${email}.`;
    case 'reset-second-factor':
      return async ({ db }) => {
        const reset = await resetSecondFactor(db, { email });
        return `Removed the second factor of ${reset.email} and ended ${reset.sessionsEnded} session(s).${
          reset.role === 'admin' ? ' They will set up a new one at their next sign-in.' : ''
        }`;
      };
    default:
      throw new UsageError(`Unknown command: user ${action}`);
  }
}

/** A usage mistake, as printed: the message and the usage. */
function usageResult(error: unknown): CliResult {
  const message = error instanceof Error ? error.message : String(error);
  return { code: 1, stdout: '', stderr: `${message}\n\n${usage}\n` };
}

/** Paths the running server must read as the CLI meant them (it may run in another folder). */
export function withAbsolutePaths(argv: string[]): string[] {
  return argv.map((arg, i) =>
    argv[i - 1] === '--to' ? resolve(arg) : arg.startsWith('--to=') ? `--to=${resolve(arg.slice(5))}` : arg,
  );
}

/** The command argv names, or what to print when it names none. */
export function parseCommand(argv: string[]): Command | StandaloneCommand | CliResult {
  try {
    return commandFrom(argv);
  } catch (error) {
    return usageResult(error);
  }
}

/** What a command printed: its answer, or the error it threw. */
export async function printed(run: () => Promise<string>): Promise<CliResult> {
  try {
    return { code: 0, stdout: `${await run()}\n`, stderr: '' };
  } catch (error) {
    return errorResult(error);
  }
}

/** What a command printed, for an error it threw. */
export function errorResult(error: unknown): CliResult {
  if (error instanceof AppError || error instanceof EnvError)
    return { code: 1, stdout: '', stderr: `${error.message}\n` };
  return { code: 2, stdout: '', stderr: `Unexpected error: ${error instanceof Error ? error.message : error}\n` };
}

/**
 * Parses and runs one command on an open database: the CLI's direct way and the running server's share this.
 * `restore` is refused here: it needs an empty install, never one a server runs on.
 */
export async function runCommand(
  { database, env }: { database: Database; env: Env },
  { argv }: { argv: string[] },
): Promise<CliResult> {
  const command = parseCommand(argv);
  if ('code' in command) return command;
  if ('standalone' in command)
    return { code: 1, stdout: '', stderr: 'restore needs an empty install: stop the server first.\n' };
  return printed(() => command(database, env));
}

/**
 * An encrypted archive's key, asked at the terminal when BACKUP_KEY is not set (not echoed). Without a terminal
 * (a script) there is no one to ask: restore then says to set BACKUP_KEY.
 */
async function askBackupKey(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  process.stderr.write('This backup is encrypted. Its key (BACKUP_KEY of the install that made it): ');
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return (await prompt.question('')).trim() || undefined;
  } finally {
    prompt.close();
    process.stderr.write('\n');
  }
}
