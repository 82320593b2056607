import { AppError, passwordProblem, type Role, roles } from '@app/shared';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  account,
  authFailure,
  calendarFeed,
  passkey,
  session,
  totpAcceptedStep,
  twoFactor,
  user,
  verification,
} from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { passwordPolicyFromEnv } from '../auth/password-policy.ts';

const roleInput = z.enum(roles, { message: `Role must be one of ${roles.join(', ')}.` });

export const createUserInput = z.object({
  email: z.email('Enter a valid email address').transform((email) => email.toLowerCase()),
  password: z.string(),
  name: z.string().trim().min(1, 'Name is required').max(120).optional(),
  role: roleInput.default('user'),
});

/** Creates a verified account with a password (the CLI's way to make the first admin). */
export async function createUser({ db, env }: { db: Db; env: Env }, input: z.input<typeof createUserInput>) {
  const data = parseInput(createUserInput, input);
  const problem = passwordProblem(passwordPolicyFromEnv(env), data.password);
  if (problem) throw new AppError('VALIDATION', problem);
  const hash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, data.email));
    if (existing) throw new AppError('CONFLICT', `A user with the email ${data.email} already exists.`);
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(user)
      .values({
        id,
        email: data.email,
        name: data.name ?? data.email.split('@')[0] ?? data.email,
        role: data.role,
        emailVerified: true,
      })
      .returning();
    await tx
      .insert(account)
      .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    if (!created) throw new Error('user insert returned no row');
    return created;
  });
}

async function findUserByEmail(db: Db, email: string) {
  const parsed = parseInput(z.email('Enter a valid email address'), email).toLowerCase();
  const [found] = await db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, parsed));
  if (!found) throw new AppError('NOT_FOUND', `No user has the email ${parsed}.`);
  return found;
}

export async function setUserRole(db: Db, { email, role }: { email: string; role: string }) {
  const parsedRole: Role = parseInput(roleInput, role);
  const found = await findUserByEmail(db, email);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(user).set({ role: parsedRole }).where(eq(user.id, found.id)).returning();
    // A calendar feed made for another role stops at once: it showed the diary to that role alone.
    await tx
      .update(calendarFeed)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(calendarFeed.userId, found.id),
          sql`${calendarFeed.kind} <> ${parsedRole}`,
          isNull(calendarFeed.revokedAt),
        ),
      );
    return updated ?? found;
  });
}

/** A disabled user is refused at sign-in and signed out everywhere at once. */
export async function setUserDisabled(db: Db, { email, disabled }: { email: string; disabled: boolean }) {
  const found = await findUserByEmail(db, email);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ banned: disabled, banReason: disabled ? 'Disabled by an administrator' : null, banExpires: null })
      .where(eq(user.id, found.id))
      .returning();
    if (disabled) {
      await tx.delete(session).where(eq(session.userId, found.id));
      await tx
        .update(calendarFeed)
        .set({ revokedAt: new Date() })
        .where(and(eq(calendarFeed.userId, found.id), isNull(calendarFeed.revokedAt)));
    }
    return updated ?? found;
  });
}

/** Ends every session of the user: each of their devices is signed out. */
export async function endUserSessions(db: Db, { email }: { email: string }): Promise<number> {
  const found = await findUserByEmail(db, email);
  const ended = await db.delete(session).where(eq(session.userId, found.id)).returning({ id: session.id });
  return ended.length;
}

/**
 * Removes the user's second factor (authenticator secret, recovery codes, passkeys, trusted devices) and signs them out of
 * every device: an admin enrols again at their next sign-in.
 */
export async function resetSecondFactor(db: Db, { email }: { email: string }) {
  const found = await findUserByEmail(db, email);
  return db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id));
    // The old authenticator's used steps and failed codes have nothing to do with the one enrolled next.
    await tx.delete(totpAcceptedStep).where(eq(totpAcceptedStep.userId, found.id));
    await tx.delete(authFailure).where(and(eq(authFailure.scope, 'second-factor'), eq(authFailure.subject, found.id)));
    await tx.delete(passkey).where(eq(passkey.userId, found.id));
    await tx
      .delete(verification)
      .where(and(eq(verification.value, found.id), like(verification.identifier, 'trust-device-%')));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, found.id));
    const ended = await tx.delete(session).where(eq(session.userId, found.id)).returning({ id: session.id });
    return { email: found.email, role: found.role, sessionsEnded: ended.length };
  });
}

/** A person the owner books for on the phone: a user without a password (they may set one later), made in the caller's transaction. */
export async function createUserWithoutPassword(
  tx: DbOrTx,
  request: { name: string; email: string; phone: string | null },
) {
  const id = crypto.randomUUID();
  await tx.insert(user).values({ id, name: request.name, email: request.email, phone: request.phone });
  return id;
}

/** The phone number a client gave when booking, kept on their account when it had none. */
export async function setUserPhone(tx: DbOrTx, request: { userId: string; phone: string }) {
  await tx.update(user).set({ phone: request.phone }).where(eq(user.id, request.userId));
}
