import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, type ContactPreference, mobileNumberField } from '@app/shared';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, contactPreference, phoneVerification } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import type { Actor, InputRequest } from '../auth/actor.ts';
import { isPhoneVerified } from './booking-texts.ts';
import { enqueueText } from './text-outbox.ts';
import { readTextSettings, renderText, type TextEnv, textsEnabled } from './text-settings.ts';
import { getContactPreference } from './texts.service.ts';

const CODE_LIFETIME_MS = 10 * 60_000;
const HOUR = 3_600_000;
/** Codes asked for in an hour: per number (nobody is flooded), per address, per account (decision 073). */
const LIMITS = { perNumber: 3, perAddress: 10, perAccount: 5 };
const MAX_WRONG_GUESSES = 5;

const codeRequest = z.object({ phone: mobileNumberField });
const codeAnswer = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits of the code'),
});

const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/**
 * Texts a 6-digit code to the number the client typed. Codes are stored hashed and expire in 10 minutes; asking is
 * limited per number, per address and per account in the last hour, counted from the codes themselves.
 */
export async function sendPhoneCode(
  deps: { db: Db; env: TextEnv; now?: () => number },
  { actor, input, address }: { actor: Actor | null; input: unknown; address: string },
) {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  if (!textsEnabled(deps.env))
    throw new AppError('CONFLICT', 'This business does not send texts, so numbers cannot be verified at the moment.');
  const { phone } = parseInput(codeRequest, input);
  const now = deps.now?.() ?? Date.now();
  const since = new Date(now - HOUR);
  const asked = async (where: ReturnType<typeof eq>) =>
    (
      await deps.db
        .select({ n: count() })
        .from(phoneVerification)
        .where(and(where, gt(phoneVerification.createdAt, since)))
    )[0]?.n ?? 0;
  if (
    (await asked(eq(phoneVerification.phone, phone))) >= LIMITS.perNumber ||
    (await asked(eq(phoneVerification.requestedFrom, address))) >= LIMITS.perAddress ||
    (await asked(eq(phoneVerification.userId, actor.id))) >= LIMITS.perAccount
  )
    throw new AppError('RATE_LIMITED', 'Too many codes asked for. Please wait an hour and try again.');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const settings = await readTextSettings(deps.db, deps.env);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(phoneVerification)
      .values({
        userId: actor.id,
        phone,
        codeHash: 'pending',
        requestedFrom: address,
        expiresAt: new Date(now + CODE_LIFETIME_MS),
        createdAt: new Date(now),
      })
      .returning({ id: phoneVerification.id });
    if (!row) throw new Error('verification insert returned no row');
    await tx
      .update(phoneVerification)
      .set({ codeHash: hashOf(row.id, code) })
      .where(eq(phoneVerification.id, row.id));
    await enqueueText(tx, {
      kind: 'phone.code',
      recipient: phone,
      body: renderText(settings.templates['phone.code'], { code, business: deps.env.BUSINESS_NAME }),
      channel: settings.whatsapp ? 'whatsapp' : 'sms',
    });
  });
  return { phone, expiresInMinutes: CODE_LIFETIME_MS / 60_000 };
}

/** Checks the code typed back; right, the number becomes the client's verified number. Five wrong guesses end it. */
export async function verifyPhoneCode(
  deps: { db: Db; env: TextEnv; now?: () => number },
  { actor, input }: InputRequest,
): Promise<ContactPreference> {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  const { code } = parseInput(codeAnswer, input);
  const now = deps.now?.() ?? Date.now();
  const [latest] = await deps.db
    .select()
    .from(phoneVerification)
    .where(
      and(
        eq(phoneVerification.userId, actor.id),
        isNull(phoneVerification.usedAt),
        gt(phoneVerification.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(phoneVerification.createdAt))
    .limit(1);
  const wrong = new AppError('VALIDATION', 'This code is not right, or it has expired. Ask for a new one.');
  if (!latest || latest.wrongGuesses >= MAX_WRONG_GUESSES) throw wrong;
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(hashOf(latest.id, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await deps.db
      .update(phoneVerification)
      .set({ wrongGuesses: latest.wrongGuesses + 1 })
      .where(eq(phoneVerification.id, latest.id));
    throw wrong;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(phoneVerification)
      .set({ usedAt: new Date(now) })
      .where(eq(phoneVerification.id, latest.id));
    const verified = { phone: latest.phone, phoneVerifiedAt: new Date(now) };
    await tx
      .insert(contactPreference)
      .values({ userId: actor.id, ...verified })
      .onConflictDoUpdate({ target: contactPreference.userId, set: verified });
  });
  return getContactPreference(deps, { actor });
}

/**
 * Screening (decision 073): when the owner requires it, a new client's request needs a verified number. A client
 * with a booking kept before (confirmed, completed) is not new.
 */
export async function assertVerifiedIfRequired(
  deps: { tx: DbOrTx; env: TextEnv },
  client: { id: string | null; role: string },
): Promise<void> {
  if (!client.id || client.role !== 'user' || !textsEnabled(deps.env)) return;
  const { requireVerifiedPhone } = await readTextSettings(deps.tx, deps.env);
  if (!requireVerifiedPhone || (await isPhoneVerified(deps.tx, client.id))) return;
  const [kept] = await deps.tx
    .select({ n: count() })
    .from(booking)
    .where(and(eq(booking.clientId, client.id), eq(booking.status, 'completed')));
  if ((kept?.n ?? 0) > 0) return;
  throw new AppError(
    'FORBIDDEN',
    'Please verify your mobile number on your account page first: a code is texted to you.',
  );
}
