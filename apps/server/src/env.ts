import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A whole number within bounds; the message says which (start-up prints it beside the value given). */
function wholeNumber(min: number, max?: number) {
  const message =
    max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const number = z.coerce.number({ message }).int({ message }).min(min, { message });
  return max === undefined ? number : number.max(max, { message });
}

/** An address whose scheme is one of `schemes`; `example` shows what is expected. */
function address(schemes: string[], example: string) {
  return z.string().superRefine((value, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an address such as ${example}` });
      return;
    }
    const scheme = parsed.protocol.replace(/:$/, '');
    // `host:587` parses as the scheme "host" with no host: not an address at all.
    if (!parsed.hostname) ctx.addIssue({ code: 'custom', message: `must be an address such as ${example}` });
    else if (!schemes.includes(scheme))
      ctx.addIssue({
        code: 'custom',
        message: `must start with ${schemes.map((s) => `${s}://`).join(' or ')} (it starts with ${scheme}://)`,
      });
  });
}
const web = (example: string) => address(['http', 'https'], example);

/** Formats a date and an amount the way emails do: a locale Intl does not know would fail every booking. */
function isUsableLocale(tag: string): boolean {
  try {
    Intl.getCanonicalLocales(tag);
  } catch {
    return false;
  }
  return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0 && Intl.NumberFormat.supportedLocalesOf(tag).length > 0;
}

/**
 * Stripe's rules for the text on a card statement: 5 to 22 Latin characters, at least one letter, none of the
 * characters Stripe refuses (the pattern admits only safe ones). Sent as the statement descriptor suffix (cards refuse a whole descriptor per payment; decision 047).
 */
const statementDescriptor = z
  .string()
  .min(5, 'must be 5 to 22 characters')
  .max(22, 'must be 5 to 22 characters')
  .regex(/^[A-Za-z0-9 .,&\-_#:/()+!?@$%]+$/, 'must use Latin letters, digits, spaces and simple punctuation only')
  .regex(/[A-Za-z]/, 'must contain at least one letter');

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** Every environment variable the server reads; README documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('production'),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: web('https://booking.example.com').optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      address(['postgres', 'postgresql'], 'postgres://user:pass@host:5432/db').optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: flag.default(false),

    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    API_RATE_LIMIT_MAX: wholeNumber(1).default(600),
    AUTH_RATE_LIMIT_MAX: wholeNumber(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_S: wholeNumber(1).default(60),
    SESSION_EXPIRES_IN_S: wholeNumber(60).default(60 * 60 * 24 * 30),
    // Unset: on when email can be sent (decision 035), so sign-up does not tell who has an account.
    REQUIRE_EMAIL_VERIFICATION: flag.optional(),

    PASSWORD_MIN_LENGTH: wholeNumber(1, 128).default(6),
    PASSWORD_MAX_LENGTH: wholeNumber(1, 4096).optional(),
    PASSWORD_REQUIRE_LOWERCASE: flag.default(false),
    PASSWORD_REQUIRE_UPPERCASE: flag.default(false),
    PASSWORD_REQUIRE_NUMERIC: flag.default(false),
    PASSWORD_REQUIRE_NON_ALPHANUMERIC: flag.default(false),

    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalText.pipe(web('https://id.example.com').optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().default('OpenID Connect'),

    SMTP_URL: optionalText.pipe(address(['smtp', 'smtps'], 'smtp://user:pass@mail.example.com:587').optional()),
    MAIL_FROM: z.string().default('Bookings <bookings@localhost>'),
    ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
    EMAIL_RETRY_LIMIT: wholeNumber(0, 50).default(8),
    EMAIL_RETRY_DELAY_S: wholeNumber(1).default(30),
    /**
     * How long a server sending emails may go quiet (killed mid-send) before its emails go back to the queue for
     * another: pg-boss's heartbeat, at least 10 s.
     */
    EMAIL_HEARTBEAT_S: wholeNumber(10, 600).default(30),
    /**
     * How often pg-boss looks for jobs whose server went quiet or ran out of time and gives them back: every minute,
     * as it always has. Shorter lets a test that kills a server see its work taken over without waiting minutes.
     */
    JOBS_SUPERVISE_S: wholeNumber(1, 60).default(60),

    /** How long a gift voucher is valid from its sale; what is left when it expires becomes income (decision 051). */
    VOUCHER_EXPIRY_MONTHS: wholeNumber(1, 120).default(12),

    BUSINESS_NAME: z.string().min(1).default('Soothe London'),
    BUSINESS_AREA: z.string().min(1).default('London'),
    BUSINESS_TIME_ZONE: z
      .string()
      .refine(isValidTimeZone, { error: (issue) => `"${issue.input}" is not an IANA time zone (e.g. Europe/London)` })
      .default('Europe/London'),
    BUSINESS_CURRENCY: z
      .string()
      .refine((value) => /^[A-Z]{3}$/.test(value) && currencies.has(value), {
        error: (issue) => `"${issue.input}" is not an ISO 4217 currency code (e.g. GBP)`,
      })
      .default('GBP'),
    BUSINESS_LOCALE: z
      .string()
      .refine(isUsableLocale, {
        error: (issue) => `"${issue.input}" is not a locale dates and money can be written in (e.g. en-GB)`,
      })
      .default('en-GB'),
    BUSINESS_PHONE: z.string().trim().max(40).default(''),
    BUSINESS_EMAIL: z.union([z.literal(''), z.email()], { message: 'must be an email address' }).default(''),

    FILE_STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    UPLOAD_MAX_BYTES: wholeNumber(1024).default(10 * 1024 * 1024),
    S3_ENDPOINT: optionalText.pipe(web('https://s3.example.com').optional()),
    S3_REGION: z.string().default('auto'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.default(true),

    BACKUP_DIR: optionalText,
    BACKUP_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 03:00 (24-hour clock)')
      .default('03:00'),
    BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').default(7),
    BACKUP_UPLOAD: flag.default(false),
    /** Encrypts each archive before it is uploaded, and opens it again at restore (decision 059). */
    BACKUP_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /**
     * Seals the practice's health records and treatment notes (decision 068): 32 random bytes, base64 or hex. Required
     * with DATABASE_URL; on the embedded database, generated at first start into DATA_DIR/records.key when unset.
     */
    RECORDS_KEY: optionalText.pipe(
      z
        .string()
        .refine(isRecordsKey, 'must be 32 random bytes written in base64 or hex (openssl rand -base64 32)')
        .optional(),
    ),

    // Online payment (decision 047): all three keys or none; with none, clients pay at the appointment as before.
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
        .optional(),
    ),
    STRIPE_STATEMENT_DESCRIPTOR: optionalText.pipe(statementDescriptor.optional()),
    /**
     * How long a booking awaiting payment holds its time. At most 9 minutes: the release job runs at least every
     * minute (PAYMENT_HOLD_SWEEP_S), so the time is free within the 10 minutes the client is promised (decision 047).
     * Shorter only for tests.
     */
    PAYMENT_HOLD_S: wholeNumber(10, 9 * 60).default(9 * 60),
    /**
     * How often the release job looks for holds that have run out: every minute, as it always has. At most a minute
     * for the promise above; shorter lets a test see a hold released without waiting for the minute.
     */
    PAYMENT_HOLD_SWEEP_S: wholeNumber(1, 60).default(60),
    /**
     * How often the reminder texts and review requests that have come due go to their outbox: every minute, as they
     * always have. Shorter lets a test see them without waiting for the minute.
     */
    DUE_MESSAGES_SWEEP_S: wholeNumber(1, 60).default(60),
    /** Only to point the SDK at another peer (tests, a mock): https://api.stripe.com is the default. */
    STRIPE_API_URL: optionalText.pipe(web('http://127.0.0.1:12111').optional()),

    /**
     * For tests only: addresses the outside-calendar fetch may reach although they are private or local (a comma-
     * separated list of exact IPs such as 127.0.0.1). Empty in production: calendars must be on the internet (decision 071).
     */
    OUTSIDE_CALENDAR_ALLOW_ADDRESSES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { message: 'must be a comma-separated list of IP addresses' }))),

    // Texts through Twilio (decision 072): the account's SID and auth token and a sender (a number or alphanumeric
    // sender ID in TWILIO_FROM, or a messaging service); unset, nothing is texted and the screens say texts are off.
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)')
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
          'must be a number in E.164 (+447700900123) or an alphanumeric sender ID of up to 11 characters',
        )
        .optional(),
    ),
    TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
      z
        .string()
        .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a messaging service SID (MG followed by 32 hex digits)')
        .optional(),
    ),
    /** Only to point the SDK at a local peer speaking Twilio's API (tests): https://api.twilio.com is the default. */
    TWILIO_API_URL: optionalText.pipe(web('http://127.0.0.1:12112').optional()),

    // The VAT return filed through HMRC's Making Tax Digital API (decision 067): the software's client id and secret
    // from HMRC's Developer Hub; unset, the VAT returns screen says filing is off. The addresses are production's by
    // default; the sandbox is https://test-api.service.hmrc.gov.uk and https://test-www.tax.service.gov.uk.
    HMRC_CLIENT_ID: optionalText,
    HMRC_CLIENT_SECRET: optionalText,
    HMRC_API_URL: optionalText.pipe(
      web('https://test-api.service.hmrc.gov.uk').default('https://api.service.hmrc.gov.uk'),
    ),
    HMRC_AUTH_URL: optionalText.pipe(
      web('https://test-www.tax.service.gov.uk').default('https://www.tax.service.gov.uk'),
    ),

    GA_MEASUREMENT_ID: optionalText,
    FACEBOOK_PIXEL_ID: optionalText,
    GTM_ID: optionalText,
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
      ['HMRC_CLIENT_ID', 'HMRC_CLIENT_SECRET'],
    ] as const;
    for (const [id, secret] of pairs)
      if (Boolean(env[id]) !== Boolean(env[secret]))
        ctx.addIssue({
          code: 'custom',
          path: [env[id] ? secret : id],
          message: `is required with ${env[id] ? id : secret}`,
        });
    if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER)
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required with OIDC_CLIENT_ID' });
    if (env.FILE_STORAGE === 's3')
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with FILE_STORAGE=s3' });
    if (env.BACKUP_UPLOAD && env.FILE_STORAGE !== 's3')
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_UPLOAD'],
        message: 'needs FILE_STORAGE=s3 (the archives go to its bucket)',
      });
    if (env.BACKUP_UPLOAD && !env.BACKUP_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_UPLOAD'],
        message:
          'needs BACKUP_KEY: an archive holds every password hash, so it is encrypted before it leaves the machine',
      });
    if (Boolean(env.TWILIO_ACCOUNT_SID) !== Boolean(env.TWILIO_AUTH_TOKEN))
      ctx.addIssue({
        code: 'custom',
        path: [env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'],
        message: `is required with ${env.TWILIO_ACCOUNT_SID ? 'TWILIO_ACCOUNT_SID' : 'TWILIO_AUTH_TOKEN'}`,
      });
    if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID)
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_FROM'],
        message: 'is required with TWILIO_ACCOUNT_SID (or set TWILIO_MESSAGING_SERVICE_SID)',
      });
    const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const given = stripeKeys.find((key) => env[key]);
    if (given)
      for (const key of stripeKeys)
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required with ${given}` });
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
      const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
      if (mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY))
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: 'must be of the same mode (test or live) as STRIPE_SECRET_KEY',
        });
    }
    if (env.PASSWORD_MAX_LENGTH !== undefined && env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_MAX_LENGTH'],
        message: 'must not be below PASSWORD_MIN_LENGTH',
      });
  })
  .transform((env) => ({
    ...env,
    REQUIRE_EMAIL_VERIFICATION: env.REQUIRE_EMAIL_VERIFICATION ?? Boolean(env.SMTP_URL),
  }));

export type Env = z.infer<typeof envSchema>;

/** 64 hex digits, or base64 (either alphabet) of exactly 32 bytes. */
function isRecordsKey(value: string): boolean {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return true;
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class EnvError extends Error {}

/** Variables whose value may be a secret (or hold one) are never repeated in a message. */
const SECRET = /SECRET|KEY|PASS|_URL$/;

/** Parses the environment once; each bad variable stops start-up with one line: its name and what is wrong. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment';
    const value = source[name];
    // Messages that quote the value themselves (locale, zone, currency) start with it.
    const shown = value !== undefined && !SECRET.test(name) && !issue.message.startsWith('"') && value.length <= 80;
    return `${name}: ${issue.message}${shown ? ` (got ${JSON.stringify(value)})` : ''}`;
  });
  throw new EnvError(lines.join('\n'));
}
