import { AppError } from '@app/shared';
import { buildApp, createContext } from './app.ts';
import { startCliSocket } from './cli/cli-socket.ts';
import { type Env, EnvError, parseEnv } from './env.ts';
import { publicUrlOf } from './modules/auth/auth.ts';
import { issueSetupLink, setupLinkNotice } from './modules/first-run/first-run.service.ts';

async function main() {
  const env = parseEnv();
  const context = await createContext(env).catch((error: unknown) => {
    throw databaseProblem(error, env) ?? error;
  });
  const app = await buildApp(context);
  await context.startJobs();
  await app.listen({ port: env.PORT, host: env.HOST }).catch((error: unknown) => {
    throw listenProblem(error, env) ?? error;
  });
  // On PGlite the CLI cannot open the database beside us: it asks this process instead (decision 041).
  const cliSocket =
    context.database.kind === 'pglite' && env.DATA_DIR !== 'memory://'
      ? await startCliSocket({ dataDir: env.DATA_DIR, database: context.database, env, logger: context.logger }).catch(
          (error) => {
            app.log.warn({ err: error }, 'admin CLI socket not started: the CLI cannot reach this server');
            return undefined;
          },
        )
      : undefined;
  // An install without an admin prints a one-time link to create one (printed once: see decision 041).
  const link = await issueSetupLink(context.db, publicUrlOf(env));
  if (link.kind === 'new') process.stdout.write(setupLinkNotice(link));
  if (link.kind === 'pending')
    app.log.warn(
      { setupLinkExpiresAt: link.expiresAt },
      'No admin yet: the setup link printed earlier is valid until then; a start after that prints a new one (or use: npm run cli -- user create … --role admin)',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await cliSocket?.close();
    await app.close(); // stops accepting, lets requests in flight finish
    await context.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** A start-up failure the person who set the server up can act on: one line, naming the variable. */
class StartupProblem extends Error {}

const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Why DATABASE_URL could not be used (an unknown host, a refused connection, a wrong password). */
function databaseProblem(error: unknown, env: Env): StartupProblem | undefined {
  if (!env.DATABASE_URL) return undefined;
  // The driver's error may sit under the query builder's (`cause`).
  let cause: unknown = error;
  while (cause instanceof Error && typeof (cause as { code?: unknown }).code !== 'string') cause = cause.cause;
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code as string;
  const url = new URL(env.DATABASE_URL);
  if (NETWORK_CODES.has(code))
    return new StartupProblem(`DATABASE_URL: cannot reach ${url.hostname}:${url.port || 5432} (${code})`);
  // PostgreSQL's own refusals: 28xxx (authentication), 3D000 (no such database), 08xxx (connection).
  if (/^(28|3D|08)/.test(code))
    return new StartupProblem(`DATABASE_URL: the database refused the connection: ${cause.message} (${code})`);
  return undefined;
}

function listenProblem(error: unknown, env: Env): StartupProblem | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'EADDRINUSE') return new StartupProblem(`PORT: ${env.HOST}:${env.PORT} is already in use (EADDRINUSE)`);
  if (code === 'EACCES') return new StartupProblem(`PORT: not allowed to listen on ${env.HOST}:${env.PORT} (EACCES)`);
  if (code === 'EADDRNOTAVAIL') return new StartupProblem(`HOST: ${env.HOST} is not an address of this machine`);
  return undefined;
}

main().catch((error) => {
  // Known problems are one line each; anything unexpected keeps its stack for whoever investigates.
  if (error instanceof EnvError || error instanceof StartupProblem || error instanceof AppError)
    console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
});
