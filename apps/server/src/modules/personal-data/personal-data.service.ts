// What both the client's own account and the owner's customer pages do with one person's data: export it all, or
// erase it. Its own module so that account and customers need only this, not each other.
import { AppError } from '@app/shared';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { account, booking, bookingEvent, customer, emailOutbox, session, user } from '../../db/schema.ts';
import { forgetClientOfPayments } from '../payments/payments.service.ts';
import { healthRecordsOf, treatmentNotesOf } from '../records/records-read.ts';
import { waitlistOfPerson } from '../waitlist/waitlist-of-person.ts';

/** Everything held about one person (their own download, or the owner's answer to a request). */
export async function exportPersonData(
  db: DbOrTx,
  request: { userId: string; ownerNotes?: boolean; recordsKey: Buffer },
) {
  const { ownerNotes = true } = request;
  const actor = { id: request.userId };
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
    // What they waited for and the times they were offered.
    waitlist: await waitlistOfPerson(db, actor.id),
    // Their health questionnaires, consents and treatment notes, opened (decision 068): they are the client's own.
    practiceRecords: {
      healthRecords: await healthRecordsOf(db, request.recordsKey, actor.id),
      treatmentNotes: await treatmentNotesOf(db, request.recordsKey, actor.id),
    },
  };
}

/**
 * Erases a person: their account, sessions, profile and practice records (by the foreign keys' cascade) go; their bookings stay for the accounts,
 * anonymised; the emails sent to them keep only their subject and status.
 */
export async function erasePerson(tx: DbOrTx, request: { userId: string }) {
  const { userId } = request;
  const [found] = await tx.select().from(user).where(eq(user.id, userId));
  if (!found) throw new AppError('NOT_FOUND', 'No such account.');
  // Upcoming appointments of someone who left must not keep their time in the diary.
  const cancelled = await tx
    .update(booking)
    .set({ status: 'cancelled', cancelledBy: 'client', cancelledAt: new Date(), cancelReason: 'Account deleted' })
    .where(
      and(
        eq(booking.clientId, userId),
        inArray(booking.status, ['pending', 'confirmed']),
        gt(booking.startsAt, new Date()),
      ),
    )
    .returning({ id: booking.id, status: booking.status });
  if (cancelled.length)
    await tx.insert(bookingEvent).values(
      cancelled.map((b) => ({
        bookingId: b.id,
        action: 'cancelled',
        actorRole: 'system',
        toStatus: 'cancelled',
        details: { reason: 'Account deleted' },
      })),
    );
  await tx
    .update(booking)
    .set({
      clientId: null,
      clientName: 'Deleted client',
      clientEmail: null,
      clientPhone: null,
      notes: '',
      idempotencyKey: null,
    })
    .where(eq(booking.clientId, userId));
  await forgetClientOfPayments(tx, { clientId: userId });
  await tx
    .update(emailOutbox)
    .set({ recipient: 'erased@invalid', text: '[erased]', html: null, attachments: [] })
    .where(eq(emailOutbox.recipient, found.email));
  await tx.delete(user).where(eq(user.id, userId)); // cascades to sessions, linked accounts, customer profile
}
