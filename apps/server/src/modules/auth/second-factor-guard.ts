import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totpAcceptedStep, twoFactor, verification } from '../../db/schema.ts';
import type { AttemptBudget } from './attempt-budget.ts';
import type { Auth } from './auth.ts';

/**
 * Wrong second-factor codes per account, across challenges and factors (authenticator and recovery codes): 10, then
 * 15 minutes locked. better-auth counts them too, but reads its count before the check, so codes sent together all
 * passed (decision 058); this budget is reserved before better-auth sees the code.
 */
export const secondFactorBudget: AttemptBudget = {
  scope: 'second-factor',
  free: 10,
  firstDelayS: 15 * 60,
  maxDelayS: 15 * 60,
  windowS: 15 * 60,
};

export const LOCKED_MESSAGE =
  'Too many failed verification attempts. Your account is temporarily locked. Please try again later.';

/** The endpoints that check a second-factor code, and the codes better-auth answers a wrong one with. */
export const SECOND_FACTOR_CHECKS = ['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code'];
export const TOTP_CHECK = '/api/auth/two-factor/verify-totp';
export const TOTP_ENROL = '/api/auth/two-factor/enable';
export const WRONG_CODE_ERRORS = ['INVALID_CODE', 'INVALID_BACKUP_CODE'];

const TOTP_PERIOD_S = 30;

/**
 * The account a code is checked for: the signed-in user (enrolling), or the one whose sign-in challenge the signed
 * two-factor cookie names. Null when neither: better-auth then refuses the call itself.
 */
export async function accountOfSecondFactor(
  { auth, db }: { auth: Auth; db: Db },
  { headers }: { headers: Headers },
): Promise<string | null> {
  const current = await auth.api.getSession({ headers });
  if (current) return current.user.id;
  const context = await auth.$context;
  const cookieName = context.createAuthCookie('two_factor').name;
  const identifier = signedCookieValue(headers.get('cookie') ?? '', cookieName, context.secret);
  if (!identifier) return null;
  const [challenge] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, sql`now()`)))
    .limit(1);
  return challenge?.userId ?? null;
}

/** A cookie signed the way better-auth signs its own (`value.base64(HMAC-SHA256)`), or null if absent or forged. */
function signedCookieValue(cookieHeader: string, name: string, secret: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    let raw: string;
    try {
      raw = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = raw.lastIndexOf('.');
    if (dot < 1) return null;
    const value = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
  }
  return null;
}

/**
 * RFC 6238 §5.2: once a code is accepted, no code of that time step or an earlier one is accepted again for the
 * account. The step a code belongs to (better-auth takes the one before and after the current one too) is claimed
 * in one statement before better-auth checks the code, so a code sent twice at once is taken once.
 * 'no-match': the code is wrong (better-auth refuses it); 'replayed': right, but its step is used up.
 */
export async function claimTotpStep(
  { auth, db }: { auth: Auth; db: Db },
  { userId, code }: { userId: string; code: unknown },
): Promise<'claimed' | 'replayed' | 'no-match'> {
  if (typeof code !== 'string') return 'no-match';
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return 'no-match';
  const context = await auth.$context;
  const key = totpKey(await symmetricDecrypt({ key: context.secretConfig, data: row.secret }));
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  const step = [now - 1, now, now + 1].find((candidate) => hotp(key, candidate) === code);
  if (step === undefined) return 'no-match';
  const claimed = await db.execute(sql`
    insert into totp_accepted_step (user_id, step) values (${userId}, ${step})
    on conflict (user_id) do update set step = excluded.step
    where totp_accepted_step.step < excluded.step
    returning step`);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0 ? 'claimed' : 'replayed';
}

/** better-auth keeps a generated secret as its text (used as UTF-8 bytes), an imported one as `base32:…`. */
function totpKey(secret: string): Buffer {
  if (!secret.startsWith('base32:')) return Buffer.from(secret, 'utf8');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.slice(7).toUpperCase().replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 4226's HOTP, six digits: what an authenticator app shows for one time step. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A new authenticator secret starts with no step used (its codes have nothing to do with the old one's). */
export async function forgetTotpSteps(db: Db, { userId }: { userId: string }): Promise<void> {
  await db.delete(totpAcceptedStep).where(eq(totpAcceptedStep.userId, userId));
}
