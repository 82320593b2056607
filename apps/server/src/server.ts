import { format } from 'node:util';
import { AppError } from '@app/shared';
import type { Logger } from 'pino';
import { buildApp, createContext } from './app.ts';
import { startCliSocket } from './cli/cli-socket.ts';
import { type Env, EnvError, parseEnv } from './env.ts';
import { publicUrlOf } from './modules/auth/auth.ts';
import { issueSetupLink, setupLinkNotice } from './modules/first-run/first-run.service.ts';

/**
 * What `npm start` runs (main.ts adds the signals): the app on its database with its jobs, listening, the admin CLI's
 * socket on the embedded database and the setup link. A failure to start leaves nothing open and names its cause.
 */
export async function startServer(
  source: Record<string, string | undefined> = process.env,
  options: { logger?: Logger; print?: (text: string) => void } = {},
) {
  const env = parseEnv(source);
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const context = await createContext(env, { logger: options.logger }).catch((error: unknown) => {
    throw databaseProblem(error, env) ?? error;
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let cliSocket: Awaited<ReturnType<typeof startCliSocket>> | undefined;
  const close = async () => {
    await cliSocket?.close();
    await app?.close(); // stops accepting, lets requests in flight finish
    await context.close();
  };
  try {
    const started = await buildApp(context);
    app = started;
    await started.listen({ port: env.PORT, host: env.HOST }).catch((error: unknown) => {
      throw listenProblem(error, env) ?? error;
    });
    // The jobs start while the server already answers: nothing a request does waits for them (an email enqueued
    // meanwhile waits for the outbox's first sweep), and a start that fails here still closes everything.
    await context.startJobs();
    // On PGlite the CLI cannot open the database beside us: it asks this process instead (decision 041).
    if (context.database.kind === 'pglite' && env.DATA_DIR !== 'memory://')
      cliSocket = await startCliSocket({
        dataDir: env.DATA_DIR,
        database: context.database,
        env,
        logger: context.logger,
      }).catch((error) => {
        started.log.warn({ err: error }, 'admin CLI socket not started: the CLI cannot reach this server');
        return undefined;
      });
    // An install without an admin prints a one-time link to create one (printed once: see decision 041).
    const link = await issueSetupLink(context.db, { publicUrl: publicUrlOf(env) });
    if (link.kind === 'new') print(setupLinkNotice(link));
    if (link.kind === 'pending')
      started.log.warn(
        { setupLinkExpiresAt: link.expiresAt },
        'No admin yet: the setup link printed earlier is valid until then; a start after that prints a new one (or use: npm run cli -- user create … --role admin)',
      );
    return { app: started, context, env, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** What a start that failed prints: one line for a problem the person who set the server up can act on. */
export function startupFailureText(error: unknown): string {
  // Anything unexpected keeps its stack for whoever investigates.
  if (error instanceof EnvError || error instanceof StartupProblem || error instanceof AppError)
    return `${error.message}\n`;
  return `${format('Start-up failed:', error)}\n`;
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
