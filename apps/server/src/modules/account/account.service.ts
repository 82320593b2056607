import { AppError, deviceParams } from '@app/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { account, booking, bookingEvent, customer, emailOutbox, session, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, requireSignedIn } from '../auth/actor.ts';
import { erasePerson } from '../customers/customers.service.ts';
import { placeOfAddress } from './place-of-address.ts';

/**
 * Where the signed-in person is signed in: browser, the place each session came from (never its address:
 * a place is all the list needs to show, issue 9) and when each was last used. The token signs one out.
 */
export async function listMyDevices(db: Db, request: { actor: Actor | null; locale: string }) {
  const actor = requireSignedIn(request.actor);
  const rows = await db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, actor.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return Promise.all(
    rows.map(async ({ ipAddress, ...row }) => ({ ...row, place: await placeOfAddress(ipAddress, request.locale) })),
  );
}

/** Signs one of the person's own devices out by its id; another person's is not found. */
export async function signOutMyDevice(db: Db, request: { actor: Actor | null; params: unknown }) {
  const actor = requireSignedIn(request.actor);
  const { id } = parseInput(deviceParams, request.params);
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, actor.id)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', 'That device is not signed in to your account.');
}

/** Everything held about the signed-in person, as one JSON document. */
export async function exportMyData(db: Db, request: { actor: Actor | null }) {
  const actor = requireSignedIn(request.actor);
  // The owner's private notes stay the owner's (decision 056): the owner's export for a request includes them.
  return exportPersonData(db, actor.id, { ownerNotes: false });
}

/** Everything held about one person (their own download, or the owner's answer to a request). */
export async function exportPersonData(db: Db, userId: string, { ownerNotes = true } = {}) {
  const actor = { id: userId };
  const [me] = await db.select().from(user).where(eq(user.id, actor.id));
  if (!me) throw new AppError('NOT_FOUND', 'No such account.');
  const withoutNotes = <T extends { privateNotes: string }>({ privateNotes, ...row }: T) =>
    ownerNotes ? { ...row, privateNotes } : row;
  const bookings = (
    await db.select().from(booking).where(eq(booking.clientId, actor.id)).orderBy(asc(booking.startsAt))
  ).map(withoutNotes);
  const ids = bookings.map((b) => b.id);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: me.id,
      name: me.name,
      email: me.email,
      emailVerified: me.emailVerified,
      phone: me.phone,
      role: me.role,
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
    },
    signInMethods: await db
      .select({ provider: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, actor.id)),
    sessions: await db
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, actor.id)),
    customerProfile:
      (await db.select().from(customer).where(eq(customer.userId, actor.id))).map(withoutNotes)[0] ?? null,
    bookings,
    bookingHistory: ids.length ? await db.select().from(bookingEvent).where(inArray(bookingEvent.bookingId, ids)) : [],
    emails: await db
      .select({
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        text: emailOutbox.text,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, me.email)),
  };
}

export const deleteAccountInput = z.strictObject({
  password: z.string().optional(),
  /** For an account without a password (social sign-in only): type DELETE. */
  confirm: z.literal('DELETE').optional(),
});

/** Deletes the signed-in account after the password (or, without one, the word DELETE) confirms it. */
export async function deleteMyAccount(db: Db, request: { actor: Actor | null; input: unknown }) {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(deleteAccountInput, request.input);
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, 'credential')));
  if (credential?.hash) {
    if (!input.password || !(await verifyPassword({ hash: credential.hash, password: input.password })))
      throw new AppError('VALIDATION', 'password: The password is not correct.');
  } else if (input.confirm !== 'DELETE') {
    throw new AppError('VALIDATION', 'confirm: Type DELETE to confirm.');
  }
  await db.transaction((tx) => erasePerson(tx, actor.id));
}
