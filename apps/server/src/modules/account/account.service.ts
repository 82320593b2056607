import { AppError, deviceParams } from '@app/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { account, session } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, type InputRequest, requireSignedIn } from '../auth/actor.ts';
import { erasePerson, exportPersonData } from '../personal-data/personal-data.service.ts';
import { placeOfAddress } from './place-of-address.ts';

/**
 * Where the signed-in person is signed in: browser, the place each session came from (never its address:
 * a place is all the list needs to show, decision 055) and when each was last used. The token signs one out.
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
export async function exportMyData(db: Db, request: { actor: Actor | null; recordsKey: Buffer }) {
  const actor = requireSignedIn(request.actor);
  // The owner's private notes stay the owner's (decision 056): the owner's export for a request includes them.
  return exportPersonData(db, { userId: actor.id, ownerNotes: false, recordsKey: request.recordsKey });
}

export const deleteAccountInput = z.strictObject({
  password: z.string().optional(),
  /** For an account without a password (social sign-in only): type DELETE. */
  confirm: z.literal('DELETE').optional(),
});

/** Deletes the signed-in account after the password (or, without one, the word DELETE) confirms it. */
export async function deleteMyAccount(db: Db, request: InputRequest) {
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
  await db.transaction((tx) => erasePerson(tx, { userId: actor.id }));
}
