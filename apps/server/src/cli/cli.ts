import { parseArgs } from 'node:util';
import { AppError, roles } from '@app/shared';
import { openDatabase } from '../db/client.ts';
import { EnvError, parseEnv } from '../env.ts';
import {
  createUser,
  endUserSessions,
  resetSecondFactor,
  setUserDisabled,
  setUserRole,
} from '../modules/users/users.service.ts';

const usage = `Usage: npm run cli -- <command>

  user create --email E --password P [--name N] [--role ${roles.join('|')}]
  user set-role E ROLE
  user disable E         refuse sign-in and sign the user out everywhere
  user enable E
  user end-sessions E    sign the user out of every device
  user reset-second-factor E
                         remove the user's authenticator app, recovery codes and trusted devices, and sign them
                         out everywhere (an admin sets up a new one at the next sign-in)

The database is the one the server uses (DATABASE_URL, or PGlite in DATA_DIR).`;

class UsageError extends Error {}

type Command = (
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  env: ReturnType<typeof parseEnv>,
) => Promise<string>;

function commandFrom(argv: string[]): Command {
  const [group, action, ...rest] = argv;
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
    return async (db, env) => {
      const created = await createUser(db, env, { email, password, name, role: role as never });
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
      return async (db) => `${(await setUserRole(db, email, value ?? '')).email} is now ${value}.`;
    case 'disable':
      return async (db) => `${(await setUserDisabled(db, email, true)).email} is disabled and signed out.`;
    case 'enable':
      return async (db) => `${(await setUserDisabled(db, email, false)).email} is enabled.`;
    case 'end-sessions':
      return async (db) => `Ended ${await endUserSessions(db, email)} session(s) of ${email}.`;
    case 'reset-second-factor':
      return async (db) => {
        const reset = await resetSecondFactor(db, email);
        return `Removed the second factor of ${reset.email} and ended ${reset.sessionsEnded} session(s).${
          reset.role === 'admin' ? ' They will set up a new one at their next sign-in.' : ''
        }`;
      };
    default:
      throw new UsageError(`Unknown command: user ${action}`);
  }
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = commandFrom(argv);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${message}\n\n${usage}`);
    return 1;
  }
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const env = parseEnv();
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    console.log(await command(database.db, env));
    return 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    console.error('Unexpected error:', error);
    return 2;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
