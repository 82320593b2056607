import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const url = (name: string) => z.url({ message: `${name} must be a URL` });

/** Every environment variable the server reads; README documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: url('PUBLIC_URL').optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(url('DATABASE_URL').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: flag.default(false),

    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    API_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(60),
    SESSION_EXPIRES_IN_S: z.coerce
      .number()
      .int()
      .min(60)
      .default(60 * 60 * 24 * 30),
    REQUIRE_EMAIL_VERIFICATION: flag.default(false),

    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(128).default(6),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(1).max(4096).optional(),
    PASSWORD_REQUIRE_LOWERCASE: flag.default(false),
    PASSWORD_REQUIRE_UPPERCASE: flag.default(false),
    PASSWORD_REQUIRE_NUMERIC: flag.default(false),
    PASSWORD_REQUIRE_NON_ALPHANUMERIC: flag.default(false),

    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalText.pipe(url('OIDC_ISSUER').optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().default('OpenID Connect'),

    SMTP_URL: optionalText.pipe(url('SMTP_URL').optional()),
    MAIL_FROM: z.string().default('Bookings <bookings@localhost>'),
    ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
    EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
    EMAIL_RETRY_DELAY_S: z.coerce.number().int().min(1).default(30),

    BUSINESS_NAME: z.string().min(1).default('Soothe London'),
    BUSINESS_AREA: z.string().min(1).default('London'),
    BUSINESS_TIME_ZONE: z.string().default('Europe/London'),
    BUSINESS_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'BUSINESS_CURRENCY must be an ISO 4217 code such as GBP')
      .default('GBP'),
    BUSINESS_LOCALE: z.string().default('en-GB'),
    BUSINESS_PHONE: z.string().trim().max(40).default(''),
    BUSINESS_EMAIL: z.union([z.literal(''), z.email('BUSINESS_EMAIL must be an email address')]).default(''),

    FILE_STORAGE: z.enum(['local', 's3'], { message: 'FILE_STORAGE must be local or s3' }).default('local'),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    S3_ENDPOINT: optionalText.pipe(url('S3_ENDPOINT').optional()),
    S3_REGION: z.string().default('auto'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.default(true),

    GA_MEASUREMENT_ID: optionalText,
    FACEBOOK_PIXEL_ID: optionalText,
    GTM_ID: optionalText,
  })
  .superRefine((env, ctx) => {
    if (!isValidTimeZone(env.BUSINESS_TIME_ZONE))
      ctx.addIssue({
        code: 'custom',
        path: ['BUSINESS_TIME_ZONE'],
        message: 'BUSINESS_TIME_ZONE must be an IANA zone such as Europe/London',
      });
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    ] as const;
    for (const [id, secret] of pairs)
      if (Boolean(env[id]) !== Boolean(env[secret]))
        ctx.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `${id} and ${secret} go together` });
    if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER)
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER is required with OIDC_CLIENT_ID' });
    if (env.FILE_STORAGE === 's3')
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with FILE_STORAGE=s3` });
    if (env.PASSWORD_MAX_LENGTH !== undefined && env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_MAX_LENGTH'],
        message: 'PASSWORD_MAX_LENGTH must not be below PASSWORD_MIN_LENGTH',
      });
  });

export type Env = z.infer<typeof envSchema>;

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class EnvError extends Error {}

/** Parses the environment once; a bad variable stops start-up with its name. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
