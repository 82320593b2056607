import { passwordProblem, phoneField, roles } from '@app/shared';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, genericOAuth, twoFactor } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { authRateLimitStorage } from '../../lib/rate-limit-store.ts';
import { passwordPolicyFromEnv } from './password-policy.ts';

/** Header the HTTP bridge sets from Fastify's resolved client IP (a client's own value is overwritten). */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

const passwordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
  '/admin/set-user-password': 'newPassword',
  '/admin/create-user': 'password',
};

function checkPhone(phone: unknown) {
  if (phone === undefined || phone === null || phone === '') return;
  const parsed = phoneField.safeParse(phone);
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', {
      message: parsed.error.issues[0]?.message ?? 'Invalid phone',
      code: 'VALIDATION',
    });
}

function inE164<T extends Record<string, unknown>>(data: T): T {
  if (typeof data.phone !== 'string' || data.phone === '') return data;
  const parsed = phoneField.safeParse(data.phone);
  return parsed.success ? { ...data, phone: parsed.data } : data;
}

export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The origins our pages are served from: better-auth and the origin guard accept exactly these. */
export function trustedOriginsOf(env: Env): string[] {
  const own = new URL(publicUrlOf(env)).origin;
  return env.NODE_ENV === 'development' ? [own, 'http://localhost:5173'] : [own];
}

export function isLocalhostUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function socialProvidersOf(env: Env): { id: string; name: string }[] {
  return [
    ...(env.GOOGLE_CLIENT_ID ? [{ id: 'google', name: 'Google' }] : []),
    ...(env.FACEBOOK_CLIENT_ID ? [{ id: 'facebook', name: 'Facebook' }] : []),
    ...(env.OIDC_CLIENT_ID ? [{ id: 'oidc', name: env.OIDC_NAME }] : []),
  ];
}

type Recipient = { email: string; name: string };

/** The emails better-auth asks for; with `withLogo` the header shows the site's logo (it needs the public address). */
export type AuthEmail = {
  kind: 'auth.change-email' | 'auth.existing-account' | 'auth.reset-password' | 'auth.verify-email';
  to: string;
  variables: Record<string, string>;
  withLogo: boolean;
};

/**
 * How auth sends an email: handed to createAuth when the app is built (decision 063), so that auth, which every
 * module's actor check stands on, imports nothing of the emails, the business details or the website above it.
 */
export type SendAuthEmail = (email: AuthEmail) => Promise<void>;

export const TRUSTED_DEVICE_DAYS = 30;

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Set up a second factor (an authenticator app or a passkey) for your account before using the back office.';

/**
 * Adding a passkey needs a session this recent: a stolen old cookie cannot add one. Stricter than better-auth's own
 * `freshAge` (a day), which is left alone.
 */
export const FRESH_SESSION_MINUTES = 15;

type AuthCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whether this session has the second factor: the account's authenticator app (its sessions exist only after the
 * code step), or a session made by a passkey (decision 033). A password-only session of a passkey-only account has not.
 */
export function sessionHasSecondFactor(
  user: { twoFactorEnabled?: boolean | null },
  session: { viaPasskey?: boolean | null },
): boolean {
  return user.twoFactorEnabled === true || session.viaPasskey === true;
}

/** The owner's second factor is required: it can be replaced (CLI reset), never simply turned off. */
async function refuseForAdmins(ctx: AuthCtx) {
  const current = await getSessionFromCtx(ctx);
  if ((current?.user as { role?: string } | undefined)?.role === 'admin')
    throw new APIError('FORBIDDEN', {
      message: 'An admin account must keep its second factor.',
      code: 'SECOND_FACTOR_REQUIRED',
    });
}

/** better-auth's own admin endpoints follow the rule of our admin routes: an admin without a second factor is refused. */
async function requireAdminSecondFactor(ctx: AuthCtx) {
  const current = await getSessionFromCtx(ctx);
  const user = current?.user as { role?: string; twoFactorEnabled?: boolean | null } | undefined;
  if (
    user?.role === 'admin' &&
    current &&
    !sessionHasSecondFactor(user, current.session as { viaPasskey?: boolean | null })
  )
    throw new APIError('FORBIDDEN', { message: SECOND_FACTOR_REQUIRED_MESSAGE, code: 'SECOND_FACTOR_REQUIRED' });
}

async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.passkey).where(eq(schema.passkey.userId, userId));
  return row?.n ?? 0;
}

/**
 * Enrolling a factor (a passkey or an authenticator app) when the account already has a passkey needs that passkey:
 * else a stolen password alone could add the thief's own factor and pass for the owner's second factor.
 */
async function requireExistingFactor(db: Db, ctx: AuthCtx) {
  const current = await getSessionFromCtx(ctx);
  if (!current) return;
  if (
    ctx.path.startsWith('/passkey/') &&
    Date.now() - new Date(current.session.createdAt).getTime() >= FRESH_SESSION_MINUTES * 60_000
  )
    throw new APIError('FORBIDDEN', {
      message: 'For your security, please sign out and sign in again before adding a passkey.',
      code: 'SESSION_NOT_FRESH',
    });
  const user = current.user as { id: string; twoFactorEnabled?: boolean | null };
  if (sessionHasSecondFactor(user, current.session as { viaPasskey?: boolean | null })) return;
  if ((await passkeyCount(db, user.id)) > 0)
    throw new APIError('FORBIDDEN', {
      message: 'Sign in with your passkey first: your account already has one.',
      code: 'PASSKEY_SIGN_IN_REQUIRED',
    });
}

/** An admin's last passkey is their second factor unless they also have an authenticator app: it stays. */
async function keepAdminsLastPasskey(db: Db, ctx: AuthCtx) {
  const current = await getSessionFromCtx(ctx);
  const user = current?.user as { id: string; role?: string; twoFactorEnabled?: boolean | null } | undefined;
  if (user?.role !== 'admin' || user.twoFactorEnabled) return;
  if ((await passkeyCount(db, user.id)) <= 1)
    throw new APIError('FORBIDDEN', {
      message: 'An admin account must keep its second factor: add an authenticator app or another passkey first.',
      code: 'SECOND_FACTOR_REQUIRED',
    });
}

export function createAuth(options: { db: Db; env: Env; secret: string; sendAuthEmail: SendAuthEmail }) {
  const { db, env, sendAuthEmail } = options;
  const baseURL = publicUrlOf(env);
  const policy = passwordPolicyFromEnv(env);
  const business = env.BUSINESS_NAME;
  // Every auth email goes to the account's own address and greets it by name, in the business's name.
  const sendToAccount = (user: Recipient, email: Pick<AuthEmail, 'kind' | 'variables' | 'withLogo'>) =>
    sendAuthEmail({
      kind: email.kind,
      to: user.email,
      variables: { name: user.name, ...email.variables, businessName: business },
      withLogo: email.withLogo,
    });

  return betterAuth({
    appName: business,
    baseURL,
    basePath: '/api/auth',
    // Its devices list answers every session's token (the key to the account) to the browser: ours
    // (/api/account/devices) answers an opaque id instead.
    disabledPaths: ['/list-sessions'],
    secret: options.secret,
    trustedOrigins: trustedOriginsOf(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        passkey: schema.passkey,
      },
    }),
    user: {
      additionalFields: { phone: { type: 'string', required: false, input: true } },
      changeEmail: {
        enabled: true,
        // Sent to the current address; the new one then gets its own verification link.
        sendChangeEmailConfirmation: async ({
          user,
          newEmail,
          url,
        }: {
          user: Recipient;
          newEmail: string;
          url: string;
        }) => {
          await sendToAccount(user, { kind: 'auth.change-email', variables: { newEmail, url }, withLogo: true });
        },
      },
    },
    session: {
      expiresIn: env.SESSION_EXPIRES_IN_S,
      cookieCache: { enabled: false },
      additionalFields: { viaPasskey: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    databaseHooks: {
      // The before hook has checked the number; it is kept in E.164 like every other phone number.
      user: {
        create: { before: async (data) => ({ data: inE164(data) }) },
        update: { before: async (data) => ({ data: inE164(data) }) },
      },
      session: {
        create: {
          // A passkey sign-in is itself two factors (the device, and its fingerprint, face or PIN).
          before: async (data, ctx) =>
            ctx?.path === '/passkey/verify-authentication' ? { data: { ...data, viaPasskey: true } } : undefined,
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength ?? 128,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      // With verification required, sign-up answers alike for a new and a known address (decision 035);
      // the known address is told by email instead.
      onExistingUserSignUp: async ({ user }: { user: Recipient }) => {
        await sendToAccount(user, {
          kind: 'auth.existing-account',
          variables: { signInUrl: `${baseURL}/bookings` },
          withLogo: false,
        });
      },
      sendResetPassword: async ({ user, url }) => {
        await sendToAccount(user, { kind: 'auth.reset-password', variables: { url }, withLogo: true });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await sendToAccount(user, { kind: 'auth.verify-email', variables: { url }, withLogo: true });
      },
    },
    socialProviders: {
      ...(env.GOOGLE_CLIENT_ID &&
        env.GOOGLE_CLIENT_SECRET && {
          google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
        }),
      ...(env.FACEBOOK_CLIENT_ID &&
        env.FACEBOOK_CLIENT_SECRET && {
          facebook: { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET },
        }),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'facebook', 'oidc'] } },
    rateLimit: {
      enabled: true,
      customStorage: authRateLimitStorage(db),
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: env.AUTH_RATE_LIMIT_WINDOW_S, max: env.AUTH_RATE_LIMIT_MAX },
        '/sign-up/email': { window: env.AUTH_RATE_LIMIT_WINDOW_S, max: env.AUTH_RATE_LIMIT_MAX },
        '/request-password-reset': { window: env.AUTH_RATE_LIMIT_WINDOW_S, max: env.AUTH_RATE_LIMIT_MAX },
        // Enrolling and the code step of a sign-in; wrong codes are also capped per challenge and per account.
        '/two-factor/*': { window: env.AUTH_RATE_LIMIT_WINDOW_S, max: env.AUTH_RATE_LIMIT_MAX },
        '/passkey/*': { window: env.AUTH_RATE_LIMIT_WINDOW_S, max: env.AUTH_RATE_LIMIT_MAX },
        // The open tab polls its session: a read that needs no counter.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: !isLocalhostUrl(baseURL),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = passwordFields[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (ctx.path === '/update-user' || ctx.path === '/sign-up/email')
          checkPhone((ctx.body as Record<string, unknown> | undefined)?.phone);
        if (ctx.path.startsWith('/admin/')) await requireAdminSecondFactor(ctx);
        if (ctx.path === '/two-factor/disable') await refuseForAdmins(ctx);
        if (
          ctx.path === '/two-factor/enable' ||
          ctx.path === '/passkey/generate-register-options' ||
          ctx.path === '/passkey/verify-registration'
        )
          await requireExistingFactor(db, ctx);
        if (ctx.path === '/passkey/delete-passkey') await keepAdminsLastPasskey(db, ctx);
        if (typeof password !== 'string') return;
        const problem = passwordProblem(policy, password);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_POLICY' });
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Adding a passkey proves the person holds it: this session now has its second factor, as a passkey sign-in.
        if (ctx.path !== '/passkey/verify-registration' || ctx.context.returned instanceof Error) return;
        const current = ctx.context.session ?? (await getSessionFromCtx(ctx));
        if (current)
          await db
            .update(schema.session)
            .set({ viaPasskey: true })
            .where(and(eq(schema.session.id, current.session.id), eq(schema.session.userId, current.user.id)));
      }),
    },
    plugins: [
      // Passkeys belong to the host of PUBLIC_URL; only pages from that origin may use them.
      passkey({
        rpID: new URL(baseURL).hostname,
        rpName: business,
        origin: env.NODE_ENV === 'development' ? [baseURL, 'http://localhost:5173'] : baseURL,
      }),
      twoFactor({
        issuer: business,
        // Trusted for 30 days when the person ticks the box at the code step.
        trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        // A lodger has no account powers; what it may see is decided by our own routes.
        roles: { admin: adminAc, user: userAc, lodger: userAc },
        bannedUserMessage: 'This account is disabled. Please get in touch with us.',
      }),
      ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export const knownRoles = roles;
