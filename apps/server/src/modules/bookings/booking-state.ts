// The booking's own state, below every verb (decision 062): the diary lock, the clock, the status changes that
// payments and vouchers trigger, the event log and the admin audit. Nothing here imports a payment or voucher file,
// nor a booking verb; they all import this.
import { AppError, type Booking, type EmailKind } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, bookingEvent, user } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, actsAsOwner } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { customerPolicyOf } from '../customers/customer-policy.ts';
import { queueBookingText, textsInsteadOfEmail } from '../texts/booking-texts.ts';
import { noteFreedTime } from '../waitlist/freed-time.ts';
import { bookingIcs } from './booking-calendar.ts';
import { bookingEmail, type EmailBusiness } from './booking-emails.ts';

export type BookingRow = typeof booking.$inferSelect;

/** What the owner's view and the client's view of a booking both show, as sent; each adds what only it shows. */
export function sharedBookingFields(row: BookingRow) {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    style: row.style,
    type: row.type as Booking['type'],
    durationMinutes: row.durationMinutes,
    pricePence: row.pricePence,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    version: row.version,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    notes: row.notes,
    cancelledBy: row.cancelledBy ?? null,
    cancelReason: row.cancelReason ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A step inside the caller's transaction: the transaction, with the app's settings, outbox and clock. */
export type BookingTx = Pick<BookingDeps, 'env' | 'outbox' | 'now'> & { tx: DbOrTx };

/** Who did it: a signed-in person, or the system (a job, Stripe's webhook). */
export type EventActor = Actor | { id: null; role: 'system' };
export const SYSTEM: EventActor = { id: null, role: 'system' };

const ENGINE_LOCK = 727_274; // one writer at a time re-checks the diary; the exclusion constraint is the backstop

export async function lockDiary(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ENGINE_LOCK})`);
}

export const now = (deps: Pick<BookingDeps, 'now'>) => deps.now?.() ?? Date.now();

export async function recordEvent(
  tx: DbOrTx,
  event: {
    row: Pick<BookingRow, 'id'>;
    actor: EventActor;
    action: string;
    from?: string | null;
    to?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(bookingEvent).values({
    bookingId: event.row.id,
    action: event.action,
    actorId: event.actor.id,
    actorRole: event.actor.role,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    details: event.details ?? {},
  });
}

/** What an admin changed on a booking, kept in the audit log with the change (same transaction). */
export async function auditIfAdmin(
  tx: DbOrTx,
  change: { actor: Actor; action: string; id: string; before: BookingRow | null; after: BookingRow | null },
) {
  const { actor, action, id } = change;
  if (actor.role !== 'admin') return;
  const view = (row: BookingRow | null) =>
    row && {
      status: row.status,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      privateNotes: row.privateNotes,
      cancelReason: row.cancelReason,
    };
  await recordAudit(tx, {
    actor,
    action,
    entityType: 'booking',
    entityId: id,
    before: view(change.before),
    after: view(change.after),
  });
}

/** The client's own booking (the owner's: any); another client's id answers exactly like a missing one. */
export async function ownBooking(
  tx: DbOrTx,
  request: { actor: Actor; id: string; forUpdate?: boolean },
): Promise<BookingRow> {
  const { actor, id } = request;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such booking.');
  const query = tx.select().from(booking).where(eq(booking.id, id));
  const [row] = request.forUpdate ? await query.for('update') : await query;
  if (!row || (!actsAsOwner(actor) && row.clientId !== actor.id)) throw new AppError('NOT_FOUND', 'No such booking.');
  return row;
}

/** 'Please call us' only with a number to call: else the email, else the one way every client has. */
function reachUsInstead(env: Env): string {
  if (env.BUSINESS_PHONE) return `Please call us on ${env.BUSINESS_PHONE} instead.`;
  if (env.BUSINESS_EMAIL) return `Please email us at ${env.BUSINESS_EMAIL} instead.`;
  return 'Please reply to your booking confirmation email instead.';
}

/** Only a pending or confirmed booking changes; a client changes it online only until the cut-off. */
export function assertClientMayChange(
  env: Env,
  request: { actor: Actor; row: BookingRow; cutoffHours: number; at: number },
) {
  const { actor, row, cutoffHours, at } = request;
  if (row.status !== 'pending' && row.status !== 'confirmed')
    throw new AppError('CONFLICT', `This booking is ${row.status.replace('_', '-')} and can no longer change.`);
  if (actsAsOwner(actor)) return;
  if (row.startsAt.getTime() - at < cutoffHours * 3_600_000)
    throw new AppError(
      'TOO_LATE_TO_CHANGE',
      `Bookings can be changed online up to ${cutoffHours} hours before. ${reachUsInstead(env)}`,
    );
}

export type BusinessSettings = { streetAddress: string; nameSensualTreatments: boolean };

export function businessOf(env: Env, { streetAddress, nameSensualTreatments }: BusinessSettings): EmailBusiness {
  return {
    nameSensualTreatments,
    name: env.BUSINESS_NAME,
    timeZone: env.BUSINESS_TIME_ZONE,
    currency: env.BUSINESS_CURRENCY,
    locale: env.BUSINESS_LOCALE,
    publicUrl: publicUrlOf(env),
    streetAddress,
    phone: env.BUSINESS_PHONE,
    email: env.BUSINESS_EMAIL,
  };
}

/** The booking's calendar file; the address only once it is confirmed. */
export function icsOf(env: Env, request: { row: BookingRow; rules: BusinessSettings }) {
  const { row, rules } = request;
  return bookingIcs(
    { ...row, address: row.status === 'confirmed' ? rules.streetAddress || null : null },
    {
      name: env.BUSINESS_NAME,
      domain: new URL(publicUrlOf(env)).hostname,
      area: env.BUSINESS_AREA,
      nameSensualTreatments: rules.nameSensualTreatments,
    },
  );
}

async function adminRecipients(tx: DbOrTx, env: Env): Promise<string[]> {
  if (env.ADMIN_EMAIL) return [env.ADMIN_EMAIL];
  const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return admins.map((a) => a.email);
}

/** Queues one of a booking's emails in the caller's transaction, written with the business's details. */
export async function queueEmail(
  deps: BookingTx,
  request: Omit<Parameters<typeof bookingEmail>[1], 'business'> & { rules: BusinessSettings },
) {
  const { rules, ...email } = request;
  const textKind = TEXT_OF_EMAIL[email.kind];
  // The client's text goes with the email, in the same transaction (decision 072); reminders have their own times.
  // A client who chose texts only and can be texted gets the text instead of the email.
  if ((textKind || email.kind === 'booking.reminder') && 'id' in email.booking && !email.to) {
    const row = email.booking as BookingRow;
    if (textKind) await queueBookingText(deps, { kind: textKind, row });
    if (await textsInsteadOfEmail(deps, row)) return null;
  }
  return deps.outbox.enqueue(deps.tx, await bookingEmail(deps.tx, { ...email, business: businessOf(deps.env, rules) }));
}

const TEXT_OF_EMAIL: Partial<Record<EmailKind, 'booking.confirmed' | 'booking.changed' | 'booking.cancelled'>> = {
  'booking.approved': 'booking.confirmed',
  'booking.rescheduled': 'booking.changed',
  'booking.cancelled': 'booking.cancelled',
};

/** The emails of a booking made: the client's (confirmed, or waiting for approval) and, for an online one, the owner's. */
export async function sendBookedEmails(
  deps: BookingTx,
  request: { row: BookingRow; source: 'client' | 'admin'; rules: BusinessSettings },
) {
  const { tx, env } = deps;
  const { row, rules } = request;
  const business = businessOf(env, rules);
  if (row.status === 'confirmed') await queueBookingText(deps, { kind: 'booking.confirmed', row });
  if (row.status !== 'confirmed' || !(await textsInsteadOfEmail(deps, row)))
    await deps.outbox.enqueue(
      tx,
      row.status === 'confirmed'
        ? await bookingEmail(tx, { kind: 'booking.confirmed', booking: row, business, ics: icsOf(env, { row, rules }) })
        : await bookingEmail(tx, { kind: 'booking.pending', booking: row, business }),
    );
  if (request.source === 'client')
    for (const to of await adminRecipients(tx, env))
      await deps.outbox.enqueue(tx, await bookingEmail(tx, { kind: 'booking.admin-new', booking: row, business, to }));
}

/** The booking cancelled, by its client or by the business, in the caller's transaction: its next version. */
export async function markCancelled(
  tx: DbOrTx,
  request: { row: BookingRow; by: 'client' | 'business'; at: number; reason: string | null },
) {
  const { row } = request;
  const [updated] = await tx
    .update(booking)
    .set({
      status: 'cancelled',
      cancelledBy: request.by,
      cancelledAt: new Date(request.at),
      cancelReason: request.reason,
      version: row.version + 1,
    })
    .where(eq(booking.id, row.id))
    .returning();
  if (!updated) throw new Error('cancel update returned no row');
  // Its time goes to the waitlist (decision 083): a cancel, a decline, a released hold.
  await noteFreedTime(tx, { startsAt: row.startsAt, endsAt: row.occupiedUntil, cause: 'cancelled' });
  return updated;
}

/** The booking back in the diary (paid at last, or restored), its cancelling forgotten: its next version. */
export async function markReopened(tx: DbOrTx, request: { row: BookingRow; status: 'pending' | 'confirmed' }) {
  const { row } = request;
  const [updated] = await tx
    .update(booking)
    .set({ status: request.status, cancelledBy: null, cancelledAt: null, cancelReason: null, version: row.version + 1 })
    .where(eq(booking.id, row.id))
    .returning();
  if (!updated) throw new Error('reopen update returned no row');
  return updated;
}

/** A paid booking leaves `awaiting_payment` as any booking starts: waiting for the owner, or confirmed. */
async function statusOnceBooked(tx: DbOrTx, row: Pick<BookingRow, 'clientId' | 'style' | 'source'>) {
  if (row.source !== 'client' || row.style !== 'sensual' || !row.clientId) return 'confirmed' as const;
  return (await customerPolicyOf(tx, { userId: row.clientId })) === 'new'
    ? ('pending' as const)
    : ('confirmed' as const);
}

/**
 * The booking's payment was taken (Stripe's verified webhook, never the browser): it becomes what it would have
 * been without payment, pending or confirmed, and the emails of a new booking go out now. Inside the caller's
 * transaction, with the row locked.
 */
export async function bookingPaid(deps: BookingTx, request: { row: BookingRow; details: Record<string, unknown> }) {
  const { tx } = deps;
  const { row } = request;
  const status = await statusOnceBooked(tx, row);
  const updated = await markReopened(tx, { row, status });
  await recordEvent(tx, { row, actor: SYSTEM, action: 'paid', from: row.status, to: status, details: request.details });
  const rules = await getBookingRules(tx, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  await sendBookedEmails(deps, { row: updated, source: updated.source, rules });
  return updated;
}

/**
 * An unpaid booking gives its time back (hold expired, payment failed or abandoned); the client is not emailed. What
 * became of its money and vouchers (settled by the payments module, which calls this) goes into the event's details.
 */
export async function releaseUnpaidBooking(
  deps: Pick<BookingTx, 'tx' | 'now'>,
  request: { row: BookingRow; reason: string; details?: Record<string, unknown> },
) {
  const { tx } = deps;
  const { row, reason } = request;
  if (row.status !== 'awaiting_payment') return row;
  const updated = await markCancelled(tx, { row, by: 'business', at: now(deps), reason });
  await recordEvent(tx, {
    row,
    actor: SYSTEM,
    action: 'released',
    from: 'awaiting_payment',
    to: 'cancelled',
    details: { reason, ...request.details },
  });
  return updated;
}
