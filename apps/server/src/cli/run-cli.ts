import { resolve } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { dataDirHolder } from '../db/data-dir-lock.ts';
import { EnvError, parseEnv } from '../env.ts';
import { askRunningServer } from './cli-socket.ts';
import { type CliResult, errorResult, parseCommand, printed, runCommand, withAbsolutePaths } from './commands.ts';

/** One run of the admin CLI (cli.ts prints what it returns and exits with its code). */
export async function runCli(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
): Promise<CliResult> {
  const command = parseCommand(argv);
  if ('code' in command) return command;
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return { code: 1, stdout: '', stderr: `${error.message}\n` };
    throw error;
  }
  if ('standalone' in command) return printed(() => command.standalone(env));
  // PGlite in DATA_DIR opens in one process only: while the server holds it, the server runs the command.
  if (!env.DATABASE_URL && env.DATA_DIR !== 'memory://') {
    const holder = dataDirHolder(resolve(env.DATA_DIR));
    if (holder !== null) {
      const answer = await askRunningServer({ dataDir: env.DATA_DIR, argv: withAbsolutePaths(argv) }).catch(() => null);
      if (answer) return answer;
      return {
        code: 1,
        stdout: '',
        stderr: `The embedded database in ${resolve(env.DATA_DIR)} is in use by process ${holder}, which does not answer on ${resolve(env.DATA_DIR, 'cli/server.sock')} (another CLI command, or a server still starting?). Try again in a moment.\n`,
      };
    }
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    return errorResult(error);
  }
  try {
    return await runCommand({ database, env }, { argv });
  } finally {
    await database.close();
  }
}
