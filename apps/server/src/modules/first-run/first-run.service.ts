import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  type FirstRunInput,
  type FirstRunStatus,
  firstRunInput,
  passwordProblem,
  SETUP_LINK_VALID_MINUTES,
  SETUP_PATH,
} from '@app/shared';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { account, appSetting, user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Auth, CLIENT_IP_HEADER } from '../auth/auth.ts';
import { passwordPolicyFromEnv } from '../auth/password-policy.ts';

/** The app_setting row of the current setup link: only the token's SHA-256 and its expiry, never the token. */
export const SETUP_LINK_KEY = 'setup_link';
type StoredLink = { hash: string; expiresAt: string };

export const SETUP_LINK_INVALID_MESSAGE =
  'This setup link is not valid: it is wrong, has expired (links last one hour) or was already used. Restart the server to print a new one (a new link is printed once the last one has expired and there is still no admin), or create the admin with the command line: npm run cli -- user create --email … --password … --role admin.';
export const SETUP_DONE_MESSAGE = 'Setup is finished: an admin account already exists. Sign in instead.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function adminExists(db: DbOrTx): Promise<boolean> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1);
  return found !== undefined;
}

function matches(link: StoredLink | undefined, token: string | undefined, now: Date): boolean {
  if (!link || !token) return false;
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return false;
  return timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(link.hash));
}

async function storedLink(db: DbOrTx, lock = false): Promise<StoredLink | undefined> {
  const query = db.select().from(appSetting).where(eq(appSetting.key, SETUP_LINK_KEY));
  const [row] = await (lock ? query.for('update') : query);
  return row?.value as StoredLink | undefined;
}

export type IssuedSetupLink =
  | { kind: 'admin-exists' }
  /** A link made earlier (an earlier start, or another instance starting at the same moment) is still valid. */
  | { kind: 'pending'; expiresAt: Date }
  | { kind: 'new'; url: string; expiresAt: Date };

/**
 * On an install without an admin, makes a one-time setup link valid for an hour, to be printed. Only when there is
 * no unexpired link already: the link is printed once, by the instance whose write won.
 */
export async function issueSetupLink(
  db: Db,
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<IssuedSetupLink> {
  if (await adminExists(db)) return { kind: 'admin-exists' };
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_VALID_MINUTES * 60_000);
  const value: StoredLink = { hash: sha256(token), expiresAt: expiresAt.toISOString() };
  // One statement: a fresh row, or the replacement of an expired one. A concurrent start waits on the row and then
  // finds it unexpired, so it writes nothing and prints nothing.
  const written = await db
    .insert(appSetting)
    .values({ key: SETUP_LINK_KEY, value })
    .onConflictDoUpdate({
      target: appSetting.key,
      set: { value, updatedAt: now },
      setWhere: sql`(${appSetting.value}->>'expiresAt')::timestamptz <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: appSetting.key });
  if (written.length > 0) return { kind: 'new', url: `${publicUrl}${SETUP_PATH}?token=${token}`, expiresAt };
  const current = await storedLink(db);
  return { kind: 'pending', expiresAt: new Date(current?.expiresAt ?? now) };
}

/** What `/setup?token=…` shows. */
export async function setupStatus(
  db: Db,
  { token, now = new Date() }: { token: string | undefined; now?: Date },
): Promise<FirstRunStatus> {
  if (await adminExists(db)) return 'done';
  return matches(await storedLink(db), token, now) ? 'open' : 'invalid';
}

/**
 * Creates the first admin from a valid setup link, in one transaction that locks the link's row: of two
 * concurrent calls with the link, one creates the admin and deletes the link, the other finds it gone.
 */
export async function createFirstAdmin(
  { db, env }: { db: Db; env: Env },
  { input, now = new Date() }: { input: unknown; now?: Date },
) {
  const data: FirstRunInput = parseInput(firstRunInput, input);
  // Cheap refusals first: a wrong token never costs a password hash.
  const status = await setupStatus(db, { token: data.token, now });
  if (status === 'done') throw new AppError('NOT_FOUND', SETUP_DONE_MESSAGE);
  if (status === 'invalid') throw new AppError('SETUP_LINK_INVALID', SETUP_LINK_INVALID_MESSAGE);
  const problem = passwordProblem(passwordPolicyFromEnv(env), data.password);
  if (problem) throw new AppError('VALIDATION', `password: ${problem}`);
  const hash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const link = await storedLink(tx, true);
    if (await adminExists(tx)) throw new AppError('NOT_FOUND', SETUP_DONE_MESSAGE);
    if (!matches(link, data.token, now)) throw new AppError('SETUP_LINK_INVALID', SETUP_LINK_INVALID_MESSAGE);
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, data.email));
    if (taken)
      throw new AppError('CONFLICT', `An account with the email ${data.email} already exists: use another address.`);
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(user)
      .values({ id, email: data.email, name: data.name, role: 'admin', emailVerified: true })
      .returning({ id: user.id, email: user.email, name: user.name, role: user.role });
    await tx
      .insert(account)
      .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    await tx.delete(appSetting).where(eq(appSetting.key, SETUP_LINK_KEY));
    if (!created) throw new Error('user insert returned no row');
    return created;
  });
}

/** Creates the first admin, then signs them in (their next stop is the second factor, required of an admin). */
export async function setUpFirstAdmin(
  deps: { db: Db; env: Env; auth: Auth },
  { input, ip, userAgent }: { input: unknown; ip: string; userAgent: string | undefined },
) {
  const created = await createFirstAdmin(deps, { input });
  const { password } = input as { password: string };
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip });
  if (userAgent) headers.set('user-agent', userAgent);
  const signIn = await deps.auth.api.signInEmail({
    body: { email: created.email, password },
    headers,
    asResponse: true,
  });
  return { user: created, signedIn: signIn.ok, cookies: signIn.headers.getSetCookie() };
}

/** The lines the server prints with a new link. */
export function setupLinkNotice(link: { url: string; expiresAt: Date }): string {
  return [
    '',
    'No admin account yet. Open this one-time link within the hour to create the first admin:',
    '',
    `    ${link.url}`,
    '',
    `(valid until ${link.expiresAt.toISOString()}; the server prints a new one at a start after it expires)`,
    '',
    '',
  ].join('\n');
}
