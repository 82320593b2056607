import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { Env } from './env.ts';
import { answerNotFound, frameworkErrors, registerErrorHandler } from './lib/error-handler.ts';
import { registerEtags } from './lib/etag.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { createLogger } from './lib/logger.ts';
import { registerOriginGuard } from './lib/origin-guard.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { logRequests } from './lib/request-log.ts';
import { trackRoutes } from './lib/route-list.ts';
import { registerResponseHeaders } from './lib/security-headers.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { addOnsRoutes } from './modules/add-ons/add-ons.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerOwnerGuard } from './modules/auth/actor.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth, isLocalhostUrl, publicUrlOf, trustedOriginsOf } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { startBackupJobs } from './modules/backups/backup-jobs.ts';
import { startBookingJobs } from './modules/bookings/booking-jobs.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { startCalendarJobs } from './modules/calendars/calendar-jobs.ts';
import { calendarsRoutes } from './modules/calendars/calendars.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { startCourseJobs } from './modules/courses/course-jobs.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { authEmailSender } from './modules/emails/auth-emails.ts';
import { emailsRoutes } from './modules/emails/emails.routes.ts';
import { expensesRoutes } from './modules/expenses/expenses.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { financesRoutes } from './modules/finances/finances.routes.ts';
import { firstRunRoutes } from './modules/first-run/first-run.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { smtpMailer } from './modules/outbox/mailer.ts';
import { createOutbox } from './modules/outbox/outbox.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stripeAccountOf } from './modules/payments/stripe-client.ts';
import { startStripeJobs } from './modules/payments/stripe-jobs.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { startRecordsJobs } from './modules/records/records-jobs.ts';
import { resolveRecordsKey } from './modules/records/records-key.ts';
import { startReviewJobs } from './modules/reviews/review-requests.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { renderedHome } from './modules/seo/rendered-home.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { pageHead, pageOf, siteFacts, withHead } from './modules/seo/seo.service.ts';
import { seriesRoutes } from './modules/series/series.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { createFileStore } from './modules/storage/storage.service.ts';
import { startTextJobs } from './modules/texts/text-jobs.ts';
import { textsRoutes, twilioCallbackRoutes } from './modules/texts/texts.routes.ts';
import { twilioSenderOf } from './modules/texts/twilio-sender.ts';
import { vatReturnsRoutes } from './modules/vat-returns/vat-returns.routes.ts';
import { startVoucherJobs } from './modules/vouchers/voucher-jobs.ts';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { startWaitlistJobs } from './modules/waitlist/waitlist-jobs.ts';
import { websiteRoutes } from './modules/website/website.routes.ts';

const brotli = promisify(zlib.brotliCompress);
const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Everything the routes, the CLI and the jobs share: database, outbox, auth. No HTTP here. */
export async function createContext(
  env: Env,
  options: { database?: Database; logger?: Logger } = {},
): Promise<AppContext> {
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
  const database = options.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const recordsKey = await Promise.resolve()
    .then(() => resolveRecordsKey(env))
    .catch(async (error: unknown) => {
      if (!options.database) await database.close();
      throw error;
    });
  const publicUrl = publicUrlOf(env);
  const outbox = createOutbox({
    db: database.db,
    logger,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined,
    messageIdDomain: new URL(publicUrl).hostname,
    retryLimit: env.EMAIL_RETRY_LIMIT,
    retryDelaySeconds: env.EMAIL_RETRY_DELAY_S,
    heartbeatSeconds: env.EMAIL_HEARTBEAT_S,
  });
  const secret = await resolveAuthSecret(database.db, { configured: env.AUTH_SECRET });
  const auth = createAuth({
    db: database.db,
    env,
    secret,
    sendAuthEmail: authEmailSender({ db: database.db, outbox, publicUrl }),
  });
  let boss: PgBoss | undefined;
  const files = createFileStore(env, { logger });
  const stripe = await stripeAccountOf(env);

  return {
    env,
    logger,
    database,
    db: database.db,
    outbox,
    auth,
    files,
    stripe,
    recordsKey,
    async startJobs() {
      boss = new PgBoss({
        ...database.boss,
        schema: 'pgboss',
        superviseIntervalSeconds: env.JOBS_SUPERVISE_S,
        monitorIntervalSeconds: env.JOBS_SUPERVISE_S,
      });
      boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      await boss.start();
      await outbox.start(boss);
      await startBookingJobs(boss, { db: database.db, env, outbox, stripe, logger });
      await startBackupJobs(boss, { database, files, env, logger });
      if (stripe) await startStripeJobs(boss, { db: database.db, env, stripe });
      await startVoucherJobs(boss, { db: database.db, env, outbox, files, stripe });
      await startCourseJobs(boss, { db: database.db, env, stripe });
      await startReviewJobs(boss, { db: database.db, env, outbox, logger });
      await startRecordsJobs(boss, { db: database.db, env, logger });
      await startCalendarJobs(boss, { db: database.db, env, logger });
      await startTextJobs(boss, { db: database.db, env, sender: twilioSenderOf(env), logger });
      await startWaitlistJobs(boss, { db: database.db, env, outbox, stripe, logger });
    },
    async close() {
      await boss?.stop({ graceful: true, timeout: 10_000 });
      await database.close();
    },
  };
}

/**
 * A route module registered in the app's own context rather than one of its own (fastify-plugin). Fastify gives every
 * encapsulated plugin its own Request and Reply classes, so the hooks and the Fastify code every request runs through
 * met as many object shapes as there were modules, and V8 stopped optimising their property reads (megamorphic):
 * about 1 µs of /api/health's 25 on a server that had answered other routes too (issue 27, decision 101).
 */
const inAppContext = (routes: FastifyPluginAsync) => fastifyPlugin(routes);

export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { env, logger } = context;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // One line per request, written below, instead of Fastify's two (the controller, not the deprecated
    // option, which printed a warning on every start).
    logController: new LogController({ disableRequestLogging: true }),
  });
  trackRoutes(app);
  logRequests(app);
  registerEtags(app);
  registerErrorHandler(app);

  const publicUrl = publicUrlOf(env);
  const thirdParty = [
    ...(env.GTM_ID || env.GA_MEASUREMENT_ID
      ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com']
      : []),
    ...(env.FACEBOOK_PIXEL_ID ? ['https://connect.facebook.net', 'https://www.facebook.com'] : []),
  ];
  // Stripe's security guide: Stripe.js from js.stripe.com, its API, and its frames (the Payment Element,
  // 3-D Secure pages from hooks.stripe.com). Allowed only with keys set, so an install without Stripe keeps the
  // strict policy it had.
  const stripeSources = context.stripe
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        connect: ['https://api.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      }
    : { script: [], connect: [], frame: [] };
  registerResponseHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty, ...stripeSources.script],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...thirdParty],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...thirdParty, ...stripeSources.connect],
        ...(stripeSources.frame.length > 0 ? { frameSrc: ["'self'", ...stripeSources.frame] } : {}),
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
  // After the headers: a refused request is answered with them.
  registerInputGuard(app);
  registerOriginGuard(app, trustedOriginsOf(env));
  registerOwnerGuard(app, context.auth, answerNotFound);
  await app.register(rateLimit, {
    global: true,
    max: env.API_RATE_LIMIT_MAX,
    timeWindow: 60_000,
    store: databaseRateLimitStore(context.database.counters, env.API_RATE_LIMIT_MAX),
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  // Most route modules add routes only, and are registered in the app's own context; the three that take uploads and
  // the two that read a body of their own kind (Stripe's, Twilio's) keep a context of their own for it.
  await app.register(inAppContext(healthRoutes(context)));
  await app.register(inAppContext(configRoutes(context)));
  await app.register(inAppContext(servicesRoutes(context)));
  await app.register(inAppContext(authRoutes(context)));
  await app.register(inAppContext(bookingsRoutes(context)));
  await app.register(inAppContext(seriesRoutes(context)));
  await app.register(inAppContext(addOnsRoutes(context)));
  await app.register(inAppContext(availabilityRoutes(context)));
  await app.register(inAppContext(accountRoutes(context)));
  await app.register(inAppContext(customersRoutes(context)));
  await app.register(inAppContext(dashboardRoutes(context)));
  await app.register(inAppContext(emailsRoutes(context)));
  await app.register(storageRoutes(context));
  await app.register(websiteRoutes(context));
  await app.register(expensesRoutes(context));
  await app.register(inAppContext(invoicesRoutes(context)));
  await app.register(inAppContext(ledgerRoutes(context)));
  await app.register(inAppContext(financesRoutes(context)));
  await app.register(inAppContext(exportsRoutes(context)));
  await app.register(inAppContext(analyticsRoutes(context)));
  await app.register(inAppContext(businessRoutes(context)));
  await app.register(inAppContext(paymentsRoutes(context)));
  await app.register(stripeWebhookRoutes(context));
  await app.register(inAppContext(vouchersRoutes(context)));
  await app.register(inAppContext(coursesRoutes(context)));
  await app.register(inAppContext(vatReturnsRoutes(context)));
  await app.register(inAppContext(reviewsRoutes(context)));
  await app.register(inAppContext(firstRunRoutes(context)));
  await app.register(inAppContext(recordsRoutes(context)));
  await app.register(inAppContext(calendarsRoutes(context)));
  await app.register(inAppContext(textsRoutes(context)));
  await app.register(twilioCallbackRoutes(context));
  await app.register(inAppContext(waitlistRoutes(context)));

  await registerWebApp(app, context, env.WEB_DIST ?? defaultWebDist);
  await app.register(inAppContext(seoRoutes(context)));
  return app;
}

/**
 * Serves the built web app; any other path gets the app shell, whose router handles it, with that page's own
 * head (title, description, canonical, link preview, JSON-LD on home; `noindex` on private treatments and
 * personal pages), rendered here so that search engines and link previews read it without running a script.
 */
async function registerWebApp(app: FastifyInstance, context: AppContext, webDist: string) {
  const indexFile = join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset: served as-is, no compression per request.
      preCompressed: true,
      // The server's own build of home (rendered-home.ts) is not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // Hashed assets never change; everything else (index.html, sw.js, version.json) is revalidated.
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  // The built shell is the same file for the life of the process.
  const shell = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const seoEnv = { ...context.env, PUBLIC_URL: publicUrlOf(context.env) };
  const home = hasWeb ? renderedHome({ db: context.db, env: context.env, webDist }) : null;
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset (from an older build) is a 404, not the app shell; any other unknown
    // path gets the shell, whose router sends it to / as the specification says.
    const isAsset = request.url.startsWith('/assets/');
    // HEAD asks for what GET would answer, without the body (Node leaves the body out).
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || !reading || !hasWeb || isAsset) return answerNotFound(request, reply);
    const url = new URL(request.url, 'http://shell.invalid');
    const facts = await siteFacts({ db: context.db, env: seoEnv });
    const head = pageHead(pageOf(url.pathname, url.searchParams), facts, seoEnv, { image: facts.card });
    if (head.noindex) reply.header('x-robots-tag', 'noindex');
    // Home is rendered for a visitor without a session or discretion cookie: the answer depends on the cookies.
    const vary = url.pathname === '/' && home ? 'accept-encoding, cookie' : 'accept-encoding';
    reply.header('cache-control', 'no-cache').header('vary', vary).type('text/html; charset=utf-8');
    let html = withHead(shell, head);
    if (home?.wants(request)) html = (await home.page(html, request, facts)) ?? html;
    // Compressed here, as the build compressed the file it replaces.
    if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'br');
      return brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    }
    return html;
  });
}
