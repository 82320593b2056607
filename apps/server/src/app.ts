import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import pino, { type Logger } from 'pino';
import { type Database, openDatabase } from './db/client.ts';
import type { Env } from './env.ts';
import { frameworkErrors, registerErrorHandler } from './lib/error-handler.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { trackRoutes } from './lib/route-list.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth, isLocalhostUrl, publicUrlOf } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { passwordPolicyFromEnv } from './modules/auth/password-policy.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { startBookingJobs } from './modules/bookings/booking-jobs.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { emailsRoutes } from './modules/emails/emails.routes.ts';
import { expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { financesRoutes } from './modules/finances/finances.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { smtpMailer } from './modules/outbox/mailer.ts';
import { createOutbox } from './modules/outbox/outbox.service.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { createFileStore } from './modules/storage/storage.service.ts';
import { websiteRoutes } from './modules/website/website.routes.ts';

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppContext = Awaited<ReturnType<typeof createContext>>;

/** Everything the routes, the CLI and the jobs share: database, outbox, auth. No HTTP here. */
export async function createContext(env: Env, options: { database?: Database; logger?: Logger } = {}) {
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL });
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const publicUrl = publicUrlOf(env);
  const outbox = createOutbox({
    db: database.db,
    logger,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined,
    messageIdDomain: new URL(publicUrl).hostname,
    retryLimit: env.EMAIL_RETRY_LIMIT,
    retryDelaySeconds: env.EMAIL_RETRY_DELAY_S,
  });
  const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
  const auth = createAuth({ db: database.db, env, outbox, secret });
  let boss: PgBoss | undefined;

  return {
    env,
    logger,
    database,
    db: database.db,
    outbox,
    auth,
    files: createFileStore(env, { logger }),
    /** Starts the background jobs (email delivery); the web server and workers share one process by default. */
    async startJobs() {
      boss = new PgBoss({ ...database.boss, schema: 'pgboss' });
      boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      await boss.start();
      await outbox.start(boss);
      await startBookingJobs(boss, { db: database.db, env, outbox });
    },
    async close() {
      await boss?.stop({ graceful: true, timeout: 10_000 });
      await database.close();
    },
  };
}

export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { env, db, logger } = context;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  trackRoutes(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answers of the API are personal (or may become so): no browser or proxy keeps them, unless a
    // route chose its own caching (the calendar feed).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerErrorHandler(app);
  registerInputGuard(app);

  const publicUrl = publicUrlOf(env);
  const thirdParty = [
    ...(env.GTM_ID || env.GA_MEASUREMENT_ID
      ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com']
      : []),
    ...(env.FACEBOOK_PIXEL_ID ? ['https://connect.facebook.net', 'https://www.facebook.com'] : []),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...thirdParty],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...thirdParty],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(isLocalhostUrl(publicUrl) ? {} : { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: !isLocalhostUrl(publicUrl),
  });
  await app.register(rateLimit, {
    global: true,
    max: env.API_RATE_LIMIT_MAX,
    timeWindow: 60_000,
    store: databaseRateLimitStore(db),
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  await app.register(multipart, { limits: { fileSize: env.UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(healthRoutes(db));
  await app.register(configRoutes(context));
  await app.register(servicesRoutes(db, context.auth));
  await app.register(authRoutes(context.auth, passwordPolicyFromEnv(env), db));
  await app.register(bookingsRoutes(context));
  await app.register(availabilityRoutes(context));
  await app.register(accountRoutes(context));
  await app.register(customersRoutes(context));
  await app.register(dashboardRoutes(context));
  await app.register(emailsRoutes(context));
  await app.register(storageRoutes(context));
  await app.register(websiteRoutes(context));
  await app.register(expensesRoutes(context));
  await app.register(invoicesRoutes(context));
  await app.register(ledgerRoutes(context));
  await app.register(financesRoutes(context));
  await app.register(analyticsRoutes(context));
  await app.register(businessRoutes(context));

  await registerWebApp(app, env.WEB_DIST ?? defaultWebDist);
  return app;
}

/** Serves the built web app; any other path gets the app shell, whose router handles it. */
async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset: served as-is, no compression per request.
      preCompressed: true,
      // Hashed assets never change; everything else (index.html, sw.js, version.json) is revalidated.
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (from an older build) is a 404, not the app shell; any other unknown
    // path gets the shell, whose router sends it to / as the specification says.
    const isAsset = request.url.startsWith('/assets/');
    // HEAD asks for what GET would answer, without the body (Node leaves the body out).
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || !reading || !hasWeb || isAsset)
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' } });
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
