import {
  AppError,
  type ApprovalAnswer,
  adminCancelBookingInput,
  adminMoveBookingInput,
  amountDue,
  approvalQuery,
  type Booking,
  type BookingCardSetup,
  type BookingPayment,
  type CancellationMoney,
  type CancellationVoucher,
  type CreateBookingInput,
  cancelBookingInput,
  cancellationMoneyText,
  cancellationVoucherText,
  checkVoucherQuery,
  createBookingInput,
  createPhoneBookingInput,
  rescheduleBookingInput,
  restoreBookingInput,
  type SlotUnavailableDetails,
  type UpfrontAnswer,
  upfrontQuery,
  type VoucherCheck,
} from '@app/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  booking,
  bookingEvent,
  customer,
  onlinePayment,
  onlineRefund,
  payment,
  service,
  user,
} from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, actsAsOwner, requireRole, requireSignedIn } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBookingRules, loadSlotRules, nearestSlots } from '../availability/availability.service.ts';
import { isSlotFree } from '../availability/slots.ts';
import { cardSetupForClient, noShowFeeFor, noShowFeeStateOf, recordNoShowConsent } from '../payments/no-show-fee.ts';
import {
  bookingPaymentOf,
  minimumChargeOf,
  onlinePaymentOfBooking,
  paymentIntentOf,
  paymentUnavailable,
  settleHeldPayment,
} from '../payments/online-payments.ts';
import { queueOnlineRefund, refundableOf, sendOnlineRefund, stillHeldOf } from '../payments/online-refunds.ts';
import { readPaymentPolicy } from '../payments/payment-policy.service.ts';
import { recordBookingRefund } from '../payments/payments.service.ts';
import {
  giveBackVoucherSpending,
  spendableVoucher,
  spendVoucher,
  voucherPaidOf,
} from '../vouchers/vouchers.service.ts';
import { bookingIcs } from './booking-calendar.ts';
import { bookingEmail, type EmailBusiness } from './booking-emails.ts';

type BookingRow = typeof booking.$inferSelect;

const ENGINE_LOCK = 727_274; // one writer at a time re-checks the diary; the exclusion constraint is the backstop

export async function lockDiary(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ENGINE_LOCK})`);
}

function isOverlapViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23P01') return true;
  return false;
}

type BusinessSettings = { streetAddress: string; nameSensualTreatments: boolean };

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

function icsOf(row: BookingRow, env: Env, { streetAddress, nameSensualTreatments }: BusinessSettings) {
  return bookingIcs(
    { ...row, address: row.status === 'confirmed' ? streetAddress || null : null },
    {
      name: env.BUSINESS_NAME,
      domain: new URL(publicUrlOf(env)).hostname,
      area: env.BUSINESS_AREA,
      nameSensualTreatments,
    },
  );
}

/** Thrown inside a transaction; answered with alternatives once the diary lock is released. */
class SlotTaken extends Error {
  readonly durationMinutes: number;
  readonly wanted: number;
  constructor(durationMinutes: number, wanted: number, message: string) {
    super(message);
    this.durationMinutes = durationMinutes;
    this.wanted = wanted;
  }
}

/** A lost slot (the engine's re-check, or the database's own no-overlap refusal) becomes a 409 with the nearest free times. */
async function withAlternatives(
  deps: BookingDeps,
  error: unknown,
  durationMinutes: number,
  wanted: number,
): Promise<never> {
  const taken =
    error instanceof SlotTaken
      ? error
      : isOverlapViolation(error)
        ? new SlotTaken(durationMinutes, wanted, 'Someone has just taken this time. Please choose another.')
        : null;
  if (!taken) throw error;
  const alternatives = await nearestSlots(
    deps.db,
    deps.env.BUSINESS_TIME_ZONE,
    taken.durationMinutes,
    taken.wanted,
    now(deps),
  );
  const details: SlotUnavailableDetails = { alternatives };
  throw new AppError('SLOT_UNAVAILABLE', taken.message, details);
}

export const now = (deps: BookingDeps) => deps.now?.() ?? Date.now();

export async function recordEvent(
  tx: DbOrTx,
  row: Pick<BookingRow, 'id'>,
  actor: Actor | { id: null; role: 'system' },
  action: string,
  change: { from?: string | null; to?: string | null; details?: Record<string, unknown> } = {},
) {
  await tx.insert(bookingEvent).values({
    bookingId: row.id,
    action,
    actorId: actor.id,
    actorRole: actor.role,
    fromStatus: change.from ?? null,
    toStatus: change.to ?? null,
    details: change.details ?? {},
  });
}

async function adminRecipients(tx: DbOrTx, env: Env): Promise<string[]> {
  if (env.ADMIN_EMAIL) return [env.ADMIN_EMAIL];
  const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return admins.map((a) => a.email);
}

/** What an admin changed on a booking, kept in the audit log with the change (same transaction). */
export async function auditIfAdmin(
  tx: DbOrTx,
  actor: Actor,
  action: string,
  id: string,
  before: BookingRow | null,
  after: BookingRow | null,
) {
  if (actor.role !== 'admin') return;
  const view = (row: BookingRow | null) =>
    row && {
      status: row.status,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      privateNotes: row.privateNotes,
      cancelReason: row.cancelReason,
    };
  await recordAudit(tx, actor, action, 'booking', id, view(before), view(after));
}

/** The engine's re-check of one start time against every rule and the diary, inside the diary lock. */
async function assertSlotFree(
  tx: DbOrTx,
  timeZone: string,
  slot: { start: number; durationMinutes: number; now: number; excludeBookingId?: string },
) {
  const date = localDateOf(slot.start, timeZone);
  const loaded = await loadSlotRules(tx, timeZone, date, date, { excludeBookingId: slot.excludeBookingId });
  const today = localDateOf(slot.now, timeZone);
  if (!isSlotFree(loaded.rules, { ...slot, date, today, busy: loaded.busy }))
    throw new SlotTaken(slot.durationMinutes, slot.start, 'This time is not available. Please choose another.');
}

/**
 * What the payment policy asks this client to pay up front for this booking: a client the owner trusts, or one who
 * has had an appointment, is a returning client. Nothing without Stripe, and never for the owner's own bookings.
 */
async function upfrontFor(
  tx: DbOrTx,
  deps: BookingDeps,
  client: { id: string; policy: string },
  booked: { style: 'therapeutic' | 'sensual'; pricePence: number },
) {
  if (!deps.stripe) return { kind: 'none' } as const;
  const [completed] =
    client.policy === 'trusted'
      ? [{ id: 'trusted' }]
      : await tx
          .select({ id: booking.id })
          .from(booking)
          .where(and(eq(booking.clientId, client.id), eq(booking.status, 'completed')))
          .limit(1);
  const currency = deps.env.BUSINESS_CURRENCY;
  return amountDue(
    await readPaymentPolicy(tx),
    { ...booked, clientKind: completed ? 'returningClient' : 'newClient' },
    minimumChargeOf(currency),
  );
}

/** A paid booking leaves `awaiting_payment` as any booking starts: waiting for the owner, or confirmed. */
async function statusOnceBooked(tx: DbOrTx, row: Pick<BookingRow, 'clientId' | 'style' | 'source'>) {
  if (row.source !== 'client' || row.style !== 'sensual' || !row.clientId) return 'confirmed' as const;
  return (await policyOf(tx, row.clientId)) === 'new' ? ('pending' as const) : ('confirmed' as const);
}

/** The client's policy, created as 'new' on their first booking. */
async function policyOf(tx: DbOrTx, userId: string) {
  await tx.insert(customer).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, userId));
  return row?.policy ?? 'new';
}

/**
 * Books a slot for the signed-in client. Nothing from the browser is trusted: the service, the
 * duration's price, the time against every rule, the client's policy are all decided here.
 */
/** The client a booking is for, resolved inside the booking's transaction. */
type BookingClient = { id: string; email: string; name: string; phone: string | null };

type PlaceBookingRequest = {
  actor: Actor;
  input: CreateBookingInput;
  showSensual: boolean;
  source: 'client' | 'admin';
  /** Who the booking is for; may create the customer, in the same transaction. */
  resolveClient: (tx: DbOrTx) => Promise<BookingClient>;
};

/**
 * The one way a booking is made, by a client online or by the owner on the phone. Nothing from the
 * browser is trusted: the service, the duration's price, the time against every rule and the client's
 * policy are decided here, under the diary lock, and the database's no-overlap constraint backs it up.
 */
async function placeBooking(
  deps: BookingDeps,
  request: PlaceBookingRequest,
): Promise<{ row: BookingRow; created: boolean }> {
  const { input, actor } = request;
  const { db, env } = deps;
  const startsAt = Date.parse(input.startsAt);

  const [chosen] = await db.select().from(service).where(eq(service.id, input.serviceId));
  if (!chosen?.active || (chosen.style === 'sensual' && !request.showSensual))
    throw new AppError('NOT_FOUND', 'This service is not available.');
  const duration = chosen.durations.find((d) => d.minutes === input.durationMinutes);
  if (!duration)
    throw new AppError(
      'VALIDATION',
      `durationMinutes: ${chosen.name} is offered for ${chosen.durations.map((d) => d.minutes).join(', ')} minutes`,
    );
  if (chosen.style === 'sensual' && !input.adultConfirmed)
    throw new AppError('VALIDATION', 'adultConfirmed: Please confirm that you are 18 or over.');

  return db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const client = await request.resolveClient(tx);
      const [existing] = await tx
        .select()
        .from(booking)
        .where(and(eq(booking.clientId, client.id), eq(booking.idempotencyKey, input.idempotencyKey)));
      if (existing) return { row: existing, created: false };

      const policy = await policyOf(tx, client.id);
      // The owner may still book a blocked client on the phone: the block is for the website.
      if (policy === 'blocked' && request.source === 'client')
        throw new AppError(
          'CLIENT_BLOCKED',
          'We cannot take this booking online. Please get in touch with us by phone or email.',
        );

      const rules = await getBookingRules(tx, env.BUSINESS_TIME_ZONE);
      const at = now(deps);
      const endsAt = startsAt + input.durationMinutes * 60_000;
      // The owner may record an appointment that has already taken place (a walk-in written up afterwards,
      // to be invoiced): it is completed at once, holds no diary time and sends the client nothing.
      const pastRecord = request.source === 'admin' && endsAt <= at;
      if (!pastRecord) {
        if (startsAt < at) throw new AppError('VALIDATION', 'startsAt: This time has already passed.');
        if (startsAt < at + rules.minNoticeMinutes * 60_000)
          throw new AppError(
            'VALIDATION',
            `startsAt: Please book at least ${formatNotice(rules.minNoticeMinutes)} ahead.`,
          );
        await assertSlotFree(tx, env.BUSINESS_TIME_ZONE, {
          start: startsAt,
          durationMinutes: input.durationMinutes,
          now: at,
        });
      }

      // A gift voucher pays first, as much as the price takes; the payment policy asks only of what is left.
      const voucherRow = input.voucherCode ? await spendableVoucher(tx, deps, input.voucherCode, { lock: true }) : null;
      const voucherPence = voucherRow ? Math.min(voucherRow.balancePence, duration.pricePence) : 0;
      const upfront =
        request.source === 'client' && !pastRecord
          ? await upfrontFor(
              tx,
              deps,
              { id: client.id, policy },
              { style: chosen.style, pricePence: duration.pricePence - voucherPence },
            )
          : ({ kind: 'none' } as const);
      const noShowFeePence =
        request.source === 'client' && !pastRecord
          ? await noShowFeeFor(tx, deps, { style: chosen.style, pricePence: duration.pricePence })
          : 0;
      if (noShowFeePence > 0 && !input.noShowFeeConsent)
        throw new AppError(
          'VALIDATION',
          'noShowFeeConsent: This booking needs your agreement to the no-show fee, and a card saved for it.',
        );
      // A new client's sensual request waits for the owner; the owner's own bookings are confirmed. Money asked
      // up front comes first: the time is held while the client pays (issue 13).
      const status = pastRecord
        ? 'completed'
        : upfront.kind !== 'none'
          ? 'awaiting_payment'
          : request.source === 'client' && chosen.style === 'sensual' && policy === 'new'
            ? 'pending'
            : 'confirmed';
      const [row] = await tx
        .insert(booking)
        .values({
          clientId: client.id,
          serviceId: chosen.id,
          serviceName: chosen.name,
          style: chosen.style,
          type: chosen.type,
          durationMinutes: input.durationMinutes,
          pricePence: duration.pricePence,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          occupiedUntil: new Date(endsAt + rules.bufferMinutes * 60_000),
          status,
          clientName: input.name || client.name,
          clientEmail: client.email,
          clientPhone: input.phone || client.phone,
          notes: input.notes,
          adultConfirmedAt: chosen.style === 'sensual' ? new Date(at) : null,
          source: request.source,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!row) throw new Error('booking insert returned no row');
      await recordEvent(tx, row, actor, 'created', { to: status, details: { source: request.source } });
      await auditIfAdmin(tx, actor, 'booking.created', row.id, null, row);
      if (!client.phone && input.phone) await tx.update(user).set({ phone: input.phone }).where(eq(user.id, client.id));
      if (voucherRow && voucherPence > 0)
        await spendVoucher(tx, deps, {
          code: voucherRow.code,
          amountPence: voucherPence,
          bookingRow: row,
          by: actor.id,
        });

      if (pastRecord) return { row, created: true };
      if (noShowFeePence > 0) await recordNoShowConsent(tx, deps, row, noShowFeePence, input.noShowFeeConsent, at);
      if (upfront.kind !== 'none') {
        // Nobody is emailed yet: the booking exists for the client only once it is paid.
        await tx.insert(onlinePayment).values({
          bookingId: row.id,
          purpose: upfront.kind,
          amountPence: upfront.amountPence,
          currency: env.BUSINESS_CURRENCY,
          holdExpiresAt: new Date(at + env.PAYMENT_HOLD_S * 1000),
        });
        return { row, created: true };
      }
      await sendBookedEmails(deps, tx, row, request.source, rules);
      return { row, created: true };
    })
    .catch((error) => withAlternatives(deps, error, input.durationMinutes, startsAt));
}

/** The emails of a booking made: the client's (confirmed, or waiting for approval) and, for an online one, the owner's. */
async function sendBookedEmails(
  deps: BookingDeps,
  tx: DbOrTx,
  row: BookingRow,
  source: 'client' | 'admin',
  rules: BusinessSettings,
) {
  const { env } = deps;
  const business = businessOf(env, rules);
  await deps.outbox.enqueue(
    tx,
    row.status === 'confirmed'
      ? await bookingEmail(tx, 'booking.confirmed', row, business, { ics: icsOf(row, env, rules) })
      : await bookingEmail(tx, 'booking.pending', row, business),
  );
  if (source === 'client')
    for (const to of await adminRecipients(tx, env))
      await deps.outbox.enqueue(tx, await bookingEmail(tx, 'booking.admin-new', row, business, { to }));
}

/**
 * The booking's payment was taken (Stripe's verified webhook, never the browser): it becomes what it would have
 * been without payment, pending or confirmed, and the emails of a new booking go out now. Inside the caller's
 * transaction, with the row locked.
 */
export async function bookingPaid(deps: BookingDeps, tx: DbOrTx, row: BookingRow, details: Record<string, unknown>) {
  const status = await statusOnceBooked(tx, row);
  const [updated] = await tx
    .update(booking)
    .set({ status, cancelledBy: null, cancelledAt: null, cancelReason: null, version: row.version + 1 })
    .where(eq(booking.id, row.id))
    .returning();
  if (!updated) throw new Error('paid update returned no row');
  await recordEvent(tx, row, { id: null, role: 'system' }, 'paid', { from: row.status, to: status, details });
  await sendBookedEmails(deps, tx, updated, updated.source, await getBookingRules(tx, deps.env.BUSINESS_TIME_ZONE));
  return updated;
}

/** An unpaid booking gives its time back (hold expired, payment failed or abandoned); the client is not emailed. */
export async function releaseUnpaidBooking(deps: BookingDeps, tx: DbOrTx, row: BookingRow, reason: string) {
  if (row.status !== 'awaiting_payment') return row;
  const [updated] = await tx
    .update(booking)
    .set({
      status: 'cancelled',
      cancelledBy: 'business',
      cancelledAt: new Date(now(deps)),
      cancelReason: reason,
      version: row.version + 1,
    })
    .where(eq(booking.id, row.id))
    .returning();
  if (!updated) throw new Error('release update returned no row');
  await tx
    .update(onlinePayment)
    .set({ status: 'cancelled' })
    .where(and(eq(onlinePayment.bookingId, row.id), eq(onlinePayment.status, 'awaiting')));
  // The client never had this booking: what a gift voucher paid goes back onto it.
  const voucherReturnedPence = await giveBackVoucherSpending(tx, deps, { bookingRow: updated, by: null });
  await recordEvent(tx, row, { id: null, role: 'system' }, 'released', {
    from: 'awaiting_payment',
    to: 'cancelled',
    details: { reason, voucherReturnedPence },
  });
  return updated;
}

/**
 * Whether a booking of this style by the signed-in client would wait for the owner (a new client's sensual
 * request), so the page can say so before the client asks. The booking itself decides again on the server.
 */
export async function approvalRequired(
  deps: BookingDeps,
  request: { actor: Actor | null; query: unknown },
): Promise<ApprovalAnswer> {
  const actor = requireSignedIn(request.actor);
  const { style } = parseInput(approvalQuery, request.query);
  if (style !== 'sensual') return { approvalRequired: false };
  const [row] = await deps.db.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, actor.id));
  return { approvalRequired: (row?.policy ?? 'new') === 'new' };
}

/** A service and length a client may book (a sensual one only with the discretion flag), or NOT_FOUND. */
async function offeredLength(db: DbOrTx, serviceId: string, minutes: number, showSensual: boolean) {
  const [chosen] = await db.select().from(service).where(eq(service.id, serviceId));
  if (!chosen?.active || (chosen.style === 'sensual' && !showSensual))
    throw new AppError('NOT_FOUND', 'This service is not available.');
  const duration = chosen.durations.find((d) => d.minutes === minutes);
  if (!duration) throw new AppError('NOT_FOUND', 'This length is not offered.');
  return { chosen, duration };
}

/** What the payment policy would ask the signed-in client up front, before any booking exists (read outside it). */
async function upfrontForSignedIn(
  deps: BookingDeps,
  userId: string,
  booked: { style: 'therapeutic' | 'sensual'; pricePence: number },
) {
  const [row] = await deps.db.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, userId));
  return upfrontFor(deps.db, deps, { id: userId, policy: row?.policy ?? 'new' }, booked);
}

/**
 * What the signed-in client would be asked to pay now for this service and length (issue 13), by the same rule the
 * booking itself applies, so the page says before confirming exactly what POST /api/bookings will ask.
 */
export async function upfrontForClient(
  deps: BookingDeps,
  request: { actor: Actor | null; query: unknown; showSensual: boolean },
): Promise<UpfrontAnswer> {
  const actor = requireSignedIn(request.actor);
  const query = parseInput(upfrontQuery, request.query);
  const { chosen, duration } = await offeredLength(deps.db, query.serviceId, query.duration, request.showSensual);
  const due = await upfrontForSignedIn(deps, actor.id, { style: chosen.style, pricePence: duration.pricePence });
  const policy = await readPaymentPolicy(deps.db);
  const fee = await noShowFeeFor(deps.db, deps, { style: chosen.style, pricePence: duration.pricePence });
  return {
    due,
    noShowFeePence: fee > 0 ? fee : null,
    currency: deps.env.BUSINESS_CURRENCY,
    freeCancellationHours: policy.freeCancellationHours,
  };
}

/**
 * What a gift voucher code would pay towards this treatment and length, and what the payment policy would then ask
 * online of what is left: the same rules the booking applies, so the confirm step says exactly what will happen.
 */
export async function checkVoucherForBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; query: unknown; showSensual: boolean },
): Promise<VoucherCheck> {
  const actor = requireSignedIn(request.actor);
  const query = parseInput(checkVoucherQuery, request.query);
  const { chosen, duration } = await offeredLength(deps.db, query.serviceId, query.duration, request.showSensual);
  const found = await spendableVoucher(deps.db, deps, query.code, { lock: false });
  const usablePence = Math.min(found.balancePence, duration.pricePence);
  const leftToPayPence = duration.pricePence - usablePence;
  const due = await upfrontForSignedIn(deps, actor.id, { style: chosen.style, pricePence: leftToPayPence });
  return { usablePence, balancePence: found.balancePence, expiresOn: found.expiresOn, leftToPayPence, due };
}

/** A signed-in client books for themselves. */
export async function createBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; input: unknown; showSensual: boolean },
): Promise<{ booking: Booking; created: boolean }> {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(createBookingInput, request.input);
  const result = await placeBooking(deps, {
    actor,
    input,
    showSensual: request.showSensual,
    source: 'client',
    resolveClient: async () => ({ id: actor.id, email: actor.email, name: actor.name, phone: actor.phone }),
  });
  const rules = await getBookingRules(deps.db, deps.env.BUSINESS_TIME_ZONE);
  const payment = await paymentForClient(deps, result.row, { release: true });
  // Stripe unreachable: the booking stands, and the card is asked for again when the client opens it.
  const cardSetup = await cardSetupForClient(deps, result.row).catch(() => unreachableCardSetup(deps, result.row));
  const voucherPaidPence = await voucherPaidOf(deps.db, result.row.id);
  return {
    booking: toClientBooking(result.row, rules, now(deps), { payment, cardSetup, voucherPaidPence }),
    created: result.created,
  };
}

/**
 * The payment a booking waits for or was paid with, as its client sees it. While it is awaited, the intent is
 * made (after the booking's commit: no network call holds the diary) or fetched again for its client secret. If
 * Stripe cannot be reached when the booking is made, the time is given back at once and the client told to retry.
 */
async function paymentForClient(deps: BookingDeps, row: BookingRow, options: { release: boolean }) {
  const held = await onlinePaymentOfBooking(deps.db, row.id);
  if (!held) return null;
  if (row.status !== 'awaiting_payment' || held.status !== 'awaiting' || !deps.stripe)
    return bookingPaymentOf(held, null);
  try {
    const intent = await paymentIntentOf(deps.db, deps.stripe, row, held);
    const fresh = (await onlinePaymentOfBooking(deps.db, row.id)) ?? held;
    return bookingPaymentOf(fresh, intent.client_secret);
  } catch (error) {
    if (!options.release) throw paymentUnavailable();
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(booking).where(eq(booking.id, row.id)).for('update');
      if (locked) await releaseUnpaidBooking(deps, tx, locked, 'The payment could not be started.');
    });
    throw Object.assign(paymentUnavailable(), { cause: error });
  }
}

/** The owner books for a customer on the phone: an existing one, or a new one made in the same transaction. */
export async function createPhoneBooking(deps: BookingDeps, request: { actor: Actor | null; input: unknown }) {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(createPhoneBookingInput, request.input);
  const customer = input.customer;
  const result = await placeBooking(deps, {
    actor,
    // Name and phone come from the customer record (or the new customer's details).
    input: { ...input, name: '', phone: '', noShowFeeConsent: false },
    showSensual: true,
    source: 'admin',
    resolveClient: async (tx) => {
      if ('id' in customer) {
        const [found] = await tx.select().from(user).where(eq(user.id, customer.id));
        if (!found) throw new AppError('NOT_FOUND', 'No such customer.');
        return { id: found.id, email: found.email, name: found.name, phone: found.phone };
      }
      const email = customer.email.toLowerCase();
      const [taken] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email));
      if (taken)
        throw new AppError('CONFLICT', `A customer with the email ${email} exists already: choose them from the list.`);
      const id = crypto.randomUUID();
      await tx.insert(user).values({ id, name: customer.name, email, phone: customer.phone });
      return { id, email, name: customer.name, phone: customer.phone };
    },
  });
  return result;
}

function formatNotice(minutes: number) {
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
}

/** What a client's booking says of its money, each part null (or 0) when it has none. */
type ClientMoney = {
  payment?: BookingPayment | null;
  cardSetup?: BookingCardSetup | null;
  cancellationMoney?: CancellationMoney | null;
  voucherPaidPence?: number;
  cancellationVoucher?: CancellationVoucher | null;
};

export function toClientBooking(
  row: BookingRow,
  rules: { cancellationCutoffHours: number; streetAddress: string },
  at: number,
  money: ClientMoney = {},
): Booking {
  const active = row.status === 'pending' || row.status === 'confirmed';
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
    address: row.status === 'confirmed' && rules.streetAddress ? rules.streetAddress : null,
    changeableByClient: active && row.startsAt.getTime() - at >= rules.cancellationCutoffHours * 3_600_000,
    createdAt: row.createdAt.toISOString(),
    payment: money.payment ?? null,
    cardSetup: money.cardSetup ?? null,
    cancellationMoney: money.cancellationMoney ?? null,
    voucherPaidPence: money.voucherPaidPence ?? 0,
    cancellationVoucher: money.cancellationVoucher ?? null,
  };
}

/**
 * What cancelling the booking now would do to the money paid up front and to what gift vouchers paid, as its client
 * is told before cancelling: only while it can still be cancelled.
 */
async function cancellationOutlookOf(db: DbOrTx, row: BookingRow, at: number): Promise<ClientMoney> {
  if (row.status !== 'pending' && row.status !== 'confirmed')
    return { voucherPaidPence: await voucherPaidOf(db, row.id) };
  const cancellationVoucher = await cancellationVoucherOf(db, row, at, 'client');
  return {
    voucherPaidPence: cancellationVoucher?.amountPence ?? 0,
    cancellationMoney: await cancellationMoneyOf(db, row, at, 'client'),
    cancellationVoucher,
  };
}

async function unreachableCardSetup(deps: BookingDeps, row: BookingRow): Promise<BookingCardSetup | null> {
  const fee = await noShowFeeStateOf(deps.db, row.id);
  return fee ? { feePence: fee.feePence, status: fee.status, clientSecret: null } : null;
}

export async function listMyBookings(deps: BookingDeps, request: { actor: Actor | null }) {
  const actor = requireSignedIn(request.actor);
  const rules = await getBookingRules(deps.db, deps.env.BUSINESS_TIME_ZONE);
  const rows = await deps.db
    .select()
    .from(booking)
    .where(eq(booking.clientId, actor.id))
    .orderBy(desc(booking.startsAt));
  const at = now(deps);
  // The cancel dialog says what becomes of the money paid online and of what a voucher paid (issue 13).
  const all = await Promise.all(
    rows.map(async (row) => toClientBooking(row, rules, at, await cancellationOutlookOf(deps.db, row, at))),
  );
  const isUpcoming = (b: Booking) =>
    Date.parse(b.endsAt) > at &&
    (b.status === 'pending' || b.status === 'confirmed' || b.status === 'awaiting_payment');
  return { upcoming: all.filter(isUpcoming).reverse(), past: all.filter((b) => !isUpcoming(b)) };
}

/** The client's own booking; another client's id answers exactly like a missing one. */
async function ownBooking(tx: DbOrTx, actor: Actor, id: string, forUpdate = false): Promise<BookingRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such booking.');
  const query = tx.select().from(booking).where(eq(booking.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || (!actsAsOwner(actor) && row.clientId !== actor.id)) throw new AppError('NOT_FOUND', 'No such booking.');
  return row;
}

export async function getMyBooking(deps: BookingDeps, request: { actor: Actor | null; id: string }) {
  const actor = requireSignedIn(request.actor);
  const row = await ownBooking(deps.db, actor, request.id);
  const rules = await getBookingRules(deps.db, deps.env.BUSINESS_TIME_ZONE);
  // The page the client comes back to after paying reads this until the webhook has settled the booking.
  const at = now(deps);
  const outlook = await cancellationOutlookOf(deps.db, row, at);
  const payment = await paymentForClient(deps, row, { release: false });
  const cardSetup = await cardSetupForClient(deps, row).catch(() => unreachableCardSetup(deps, row));
  return toClientBooking(row, rules, at, { ...outlook, payment, cardSetup });
}

export async function bookingCalendarFile(deps: BookingDeps, request: { actor: Actor | null; id: string }) {
  const actor = requireSignedIn(request.actor);
  const row = await ownBooking(deps.db, actor, request.id);
  const rules = await getBookingRules(deps.db, deps.env.BUSINESS_TIME_ZONE);
  return icsOf(row, deps.env, rules);
}

/** 'Please call us' only with a number to call: else the email, else the one way every client has (item 5 of issue 12). */
function reachUsInstead(env: Env): string {
  if (env.BUSINESS_PHONE) return `Please call us on ${env.BUSINESS_PHONE} instead.`;
  if (env.BUSINESS_EMAIL) return `Please email us at ${env.BUSINESS_EMAIL} instead.`;
  return 'Please reply to your booking confirmation email instead.';
}

function assertClientMayChange(actor: Actor, row: BookingRow, cutoffHours: number, at: number, env: Env) {
  if (row.status !== 'pending' && row.status !== 'confirmed')
    throw new AppError('CONFLICT', `This booking is ${row.status.replace('_', '-')} and can no longer change.`);
  if (actsAsOwner(actor)) return;
  if (row.startsAt.getTime() - at < cutoffHours * 3_600_000)
    throw new AppError(
      'TOO_LATE_TO_CHANGE',
      `Bookings can be changed online up to ${cutoffHours} hours before. ${reachUsInstead(env)}`,
    );
}

type CancelOptions = { reason: string; notify: boolean; refund: boolean };

/**
 * What cancelling now does to the money paid online: a client inside the free window has it paid back, after it the
 * deposit is kept; the owner pays back only when they choose to. Null when nothing paid online is left.
 */
export async function cancellationMoneyOf(
  tx: DbOrTx,
  row: BookingRow,
  at: number,
  by: 'client' | 'business',
  refund = false,
): Promise<CancellationMoney | null> {
  const held = await onlinePaymentOfBooking(tx, row.id);
  if (held?.status !== 'succeeded') return null;
  const { freeCancellationHours } = await readPaymentPolicy(tx);
  const late = row.startsAt.getTime() - at < freeCancellationHours * 3_600_000;
  if (by === 'client' && late) {
    const amountPence = await stillHeldOf(tx, held);
    return amountPence > 0 ? { kind: held.purpose, amountPence, outcome: 'kept', freeCancellationHours } : null;
  }
  if (by === 'business' && !refund) return null;
  const amountPence = await refundableOf(tx, held);
  return amountPence > 0 ? { kind: held.purpose, amountPence, outcome: 'refunded', freeCancellationHours } : null;
}

/**
 * What cancelling now does to what gift vouchers paid: given back when the business cancels and pays back, or when
 * the client cancels inside the free cancellation window; kept when the client cancels later, like a deposit.
 */
export async function cancellationVoucherOf(
  tx: DbOrTx,
  row: BookingRow,
  at: number,
  by: 'client' | 'business',
  refund = false,
): Promise<CancellationVoucher | null> {
  const amountPence = await voucherPaidOf(tx, row.id);
  if (amountPence === 0) return null;
  const { freeCancellationHours } = await readPaymentPolicy(tx);
  const late = row.startsAt.getTime() - at < freeCancellationHours * 3_600_000;
  const returned = by === 'business' ? refund : !late;
  return { amountPence, outcome: returned ? 'returned' : 'kept', freeCancellationHours };
}

/** Cancels under the row lock; emails the client when asked and pays back what they paid when asked. */
async function cancelRow(deps: BookingDeps, actor: Actor, id: string, options: CancelOptions) {
  const { db, env } = deps;
  const result = await db.transaction(async (tx) => {
    const row = await ownBooking(tx, actor, id, true);
    const rules = await getBookingRules(tx, env.BUSINESS_TIME_ZONE);
    const at = now(deps);
    assertClientMayChange(actor, row, rules.cancellationCutoffHours, at, env);
    const by = actor.role === 'admin' ? 'business' : 'client';
    const { reason } = options;
    const [updated] = await tx
      .update(booking)
      .set({
        status: 'cancelled',
        cancelledBy: by,
        cancelledAt: new Date(at),
        cancelReason: reason || null,
        version: row.version + 1,
      })
      .where(eq(booking.id, row.id))
      .returning();
    if (!updated) throw new Error('cancel update returned no row');
    // Money taken online: kept after the free cancellation window, paid back through Stripe inside it (or when the
    // owner chooses to). The refund is written here and asked of Stripe once this commits (decision 053).
    const money = await cancellationMoneyOf(tx, row, at, by, options.refund);
    const voucherOutcome = await cancellationVoucherOf(tx, row, at, by, options.refund);
    const voucherReturnedPence =
      voucherOutcome?.outcome === 'returned'
        ? await giveBackVoucherSpending(tx, deps, { bookingRow: updated, by: actor.id })
        : 0;
    const refundIds: string[] = [];
    if (money?.outcome === 'kept') await settleHeldPayment(tx, env.BUSINESS_TIME_ZONE, updated, 'kept', at, null);
    if (money?.outcome === 'refunded') {
      const held = await onlinePaymentOfBooking(tx, row.id, true);
      if (held)
        refundIds.push(
          (await queueOnlineRefund(tx, held, money.amountPence, reason || 'Booking cancelled', actor.id)).id,
        );
    }
    let refundedPence = 0;
    if (options.refund) {
      // Money taken by hand goes back by hand; what was paid online went back through Stripe above.
      const online = await onlineMoneyIds(tx, row.id);
      const paid = (
        await tx
          .select({ id: payment.id, kind: payment.kind, amountPence: payment.amountPence, method: payment.method })
          .from(payment)
          .where(eq(payment.bookingId, row.id))
          .orderBy(asc(payment.paidAt))
      ).filter((p) => !online.has(p.id));
      const net = paid.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountPence : p.amountPence), 0);
      const method = paid.findLast((p) => p.kind === 'payment')?.method;
      if (net > 0 && method) {
        await recordBookingRefund(tx, env.BUSINESS_TIME_ZONE, actor, row.id, {
          amountPence: net,
          method,
          note: 'Paid back on cancelling',
        });
        refundedPence = net;
      }
    }
    const notified = options.notify && Boolean(updated.clientEmail);
    await recordEvent(tx, row, actor, 'cancelled', {
      from: row.status,
      to: 'cancelled',
      details: {
        by,
        reason,
        notified,
        refundedPence,
        onlineRefundPence: money?.outcome === 'refunded' ? money.amountPence : 0,
        voucherReturnedPence,
      },
    });
    await auditIfAdmin(tx, actor, 'booking.cancelled', row.id, row, updated);
    if (notified)
      await deps.outbox.enqueue(
        tx,
        await bookingEmail(tx, 'booking.cancelled', updated, businessOf(env, rules), {
          reason,
          money: [cancellationMoneyText(money), cancellationVoucherText(voucherOutcome)].filter(Boolean).join(' '),
        }),
      );
    return { row: updated, rules, at, notified, refundedPence, money, voucherOutcome, voucherReturnedPence, refundIds };
  });
  for (const refundId of result.refundIds) await sendOnlineRefund(deps, refundId);
  return result;
}

/** The payment rows of a booking that came from Stripe (the payment and its refunds): not to be paid back by hand. */
async function onlineMoneyIds(tx: DbOrTx, bookingId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ paid: onlinePayment.paymentId, back: onlineRefund.paymentId })
    .from(onlinePayment)
    .leftJoin(onlineRefund, eq(onlineRefund.onlinePaymentId, onlinePayment.id))
    .where(eq(onlinePayment.bookingId, bookingId));
  return new Set(rows.flatMap((r) => [r.paid, r.back]).filter((x): x is string => Boolean(x)));
}

/**
 * A client gives up a booking still awaiting payment: its intent is cancelled at Stripe first, then the time is
 * released. If Stripe cannot be reached or says it was paid meanwhile, the booking is cancelled all the same and
 * the payment's webhook pays the money back (the booking stays cancelled because the client cancelled it).
 */
async function cancelAwaitingPayment(deps: BookingDeps, actor: Actor, row: BookingRow, reason: string) {
  const held = await onlinePaymentOfBooking(deps.db, row.id);
  if (held?.intentId && deps.stripe) {
    try {
      await deps.stripe.sdk.paymentIntents.cancel(held.intentId, { cancellation_reason: 'requested_by_customer' });
    } catch (error) {
      deps.logger?.warn(
        { bookingId: row.id, stripeError: (error as Error).message },
        'Stripe did not cancel the payment of a booking the client cancelled; a late payment is paid back',
      );
    }
  }
  return deps.db.transaction(async (tx) => {
    const locked = await ownBooking(tx, actor, row.id, true);
    if (locked.status !== 'awaiting_payment') return null;
    const at = now(deps);
    const [updated] = await tx
      .update(booking)
      .set({
        status: 'cancelled',
        cancelledBy: 'client',
        cancelledAt: new Date(at),
        cancelReason: reason || null,
        version: locked.version + 1,
      })
      .where(eq(booking.id, locked.id))
      .returning();
    if (!updated) throw new Error('cancel update returned no row');
    await tx
      .update(onlinePayment)
      .set({ status: 'cancelled' })
      .where(and(eq(onlinePayment.bookingId, locked.id), eq(onlinePayment.status, 'awaiting')));
    const voucherReturnedPence = await giveBackVoucherSpending(tx, deps, { bookingRow: updated, by: actor.id });
    await recordEvent(tx, locked, actor, 'cancelled', {
      from: 'awaiting_payment',
      to: 'cancelled',
      details: { by: 'client', reason, notified: false, refundedPence: 0, voucherReturnedPence },
    });
    return { row: updated, rules: await getBookingRules(tx, deps.env.BUSINESS_TIME_ZONE), at };
  });
}

export async function cancelBooking(deps: BookingDeps, request: { actor: Actor | null; id: string; input: unknown }) {
  const actor = requireSignedIn(request.actor);
  const { reason } = parseInput(cancelBookingInput, request.input ?? {});
  const current = await ownBooking(deps.db, actor, request.id);
  if (current.status === 'awaiting_payment') {
    const released = await cancelAwaitingPayment(deps, actor, current, reason);
    if (released) return toClientBooking(released.row, released.rules, released.at);
  }
  const result = await cancelRow(deps, actor, request.id, { reason, notify: true, refund: false });
  // The answer says what became of the money and the voucher, for the page's confirmation.
  return toClientBooking(result.row, result.rules, result.at, {
    cancellationMoney: result.money,
    cancellationVoucher: result.voucherOutcome,
  });
}

/** The owner cancels: emailing the client and paying back are the owner's choice. */
export async function adminCancelBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; id: string; input: unknown },
) {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(adminCancelBookingInput, request.input ?? {});
  const result = await cancelRow(deps, actor, request.id, {
    reason: input.reason,
    notify: input.notifyClient,
    refund: input.refund,
  });
  return {
    notified: result.notified,
    refundedPence: result.refundedPence,
    onlineRefundPence: result.money?.outcome === 'refunded' ? result.money.amountPence : 0,
    voucherReturnedPence: result.voucherReturnedPence,
  };
}

/** Moves a booking in one statement: at no moment are there two active bookings for it. */
async function moveRow(
  deps: BookingDeps,
  actor: Actor,
  id: string,
  input: { startsAt: string; version: number },
  notify: boolean,
) {
  const { db, env } = deps;
  const startsAt = Date.parse(input.startsAt);
  let movedDuration = 60; // set from the booking inside the transaction, for a refusal by the database
  return db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const row = await ownBooking(tx, actor, id, true);
      movedDuration = row.durationMinutes;
      const rules = await getBookingRules(tx, env.BUSINESS_TIME_ZONE);
      const at = now(deps);
      assertClientMayChange(actor, row, rules.cancellationCutoffHours, at, env);
      if (row.version !== input.version)
        throw new AppError('CONFLICT', 'This booking has changed since you opened it. Please reload and try again.');
      await assertSlotFree(tx, env.BUSINESS_TIME_ZONE, {
        start: startsAt,
        durationMinutes: row.durationMinutes,
        now: at,
        excludeBookingId: row.id,
      });
      const endsAt = startsAt + row.durationMinutes * 60_000;
      const [updated] = await tx
        .update(booking)
        .set({
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          occupiedUntil: new Date(endsAt + rules.bufferMinutes * 60_000),
          version: row.version + 1,
        })
        .where(and(eq(booking.id, row.id), eq(booking.version, input.version)))
        .returning();
      if (!updated)
        throw new AppError('CONFLICT', 'This booking has changed since you opened it. Please reload and try again.');
      const notified = notify && Boolean(updated.clientEmail);
      await recordEvent(tx, row, actor, 'rescheduled', {
        from: row.status,
        to: row.status,
        details: { from: row.startsAt.toISOString(), to: updated.startsAt.toISOString(), notified },
      });
      await auditIfAdmin(tx, actor, 'booking.moved', row.id, row, updated);
      if (notified)
        await deps.outbox.enqueue(
          tx,
          await bookingEmail(tx, 'booking.rescheduled', updated, businessOf(env, rules), {
            previous: row.startsAt,
            ics: icsOf(updated, env, rules),
          }),
        );
      return { row: updated, rules, at, notified };
    })
    .catch((error) => withAlternatives(deps, error, movedDuration, startsAt));
}

export async function rescheduleBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; id: string; input: unknown },
) {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(rescheduleBookingInput, request.input);
  const result = await moveRow(deps, actor, request.id, input, true);
  return toClientBooking(result.row, result.rules, result.at);
}

/** The owner moves a booking; the client is emailed the new time unless the owner says not to. */
export async function adminMoveBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; id: string; input: unknown },
) {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(adminMoveBookingInput, request.input);
  const result = await moveRow(deps, actor, request.id, input, input.notifyClient);
  return { notified: result.notified };
}

/**
 * Undo of the owner's cancelling: the booking comes back with the status it had, if its time is still free and it
 * has not started. Nothing is emailed (the Undo is only offered when the cancelling emailed nobody).
 */
export async function restoreBooking(deps: BookingDeps, request: { actor: Actor | null; id: string; input: unknown }) {
  const actor = requireRole(request.actor, 'admin');
  const { version } = parseInput(restoreBookingInput, request.input ?? {});
  const { db, env } = deps;
  let duration = 60;
  let wanted = 0;
  return db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const row = await ownBooking(tx, actor, request.id, true);
      duration = row.durationMinutes;
      wanted = row.startsAt.getTime();
      if (row.status !== 'cancelled') throw new AppError('CONFLICT', 'Only a cancelled booking can be restored.');
      if (row.version !== version)
        throw new AppError('CONFLICT', 'This booking has changed since you opened it. Please reload and try again.');
      const at = now(deps);
      if (row.startsAt.getTime() <= at) throw new AppError('CONFLICT', 'This appointment has already started.');
      const date = localDateOf(row.startsAt.getTime(), env.BUSINESS_TIME_ZONE);
      const { busy } = await loadSlotRules(tx, env.BUSINESS_TIME_ZONE, date, date);
      const start = row.startsAt.getTime();
      const end = row.occupiedUntil.getTime();
      if (busy.some((b) => b.start < end && b.end > start))
        throw new SlotTaken(row.durationMinutes, start, 'This time has been taken since: the booking stays cancelled.');
      const [cancelled] = await tx
        .select({ fromStatus: bookingEvent.fromStatus })
        .from(bookingEvent)
        .where(and(eq(bookingEvent.bookingId, row.id), eq(bookingEvent.action, 'cancelled')))
        .orderBy(desc(bookingEvent.at))
        .limit(1);
      const status = cancelled?.fromStatus === 'pending' ? 'pending' : 'confirmed';
      const [updated] = await tx
        .update(booking)
        .set({ status, cancelledBy: null, cancelledAt: null, cancelReason: null, version: row.version + 1 })
        .where(eq(booking.id, row.id))
        .returning();
      if (!updated) throw new Error('restore update returned no row');
      await recordEvent(tx, row, actor, 'restored', { from: 'cancelled', to: status });
      await auditIfAdmin(tx, actor, 'booking.restored', row.id, row, updated);
      return updated;
    })
    .catch((error) => withAlternatives(deps, error, duration, wanted));
}

/** The admin's answer to a pending request: confirmed, or declined (cancelled by the business). */
export async function decidePendingBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; id: string; approve: boolean; reason?: string },
) {
  const actor = requireRole(request.actor, 'admin');
  const { db, env } = deps;
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, actor, request.id, true);
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', `This booking is ${row.status}, not waiting for approval.`);
    const rules = await getBookingRules(tx, env.BUSINESS_TIME_ZONE);
    const reason = request.reason?.trim() ?? '';
    const [updated] = await tx
      .update(booking)
      .set(
        request.approve
          ? { status: 'confirmed', version: row.version + 1 }
          : {
              status: 'cancelled',
              cancelledBy: 'business',
              cancelledAt: new Date(now(deps)),
              cancelReason: reason || 'Declined',
              version: row.version + 1,
            },
      )
      .where(eq(booking.id, row.id))
      .returning();
    if (!updated) throw new Error('decision update returned no row');
    // A declined request never was a booking: what a gift voucher paid goes back onto it.
    const voucherReturnedPence = request.approve
      ? 0
      : await giveBackVoucherSpending(tx, deps, { bookingRow: updated, by: actor.id });
    await recordEvent(tx, row, actor, request.approve ? 'approved' : 'declined', {
      from: 'pending',
      to: updated.status,
      details: { reason, ...(voucherReturnedPence > 0 && { voucherReturnedPence }) },
    });
    await auditIfAdmin(tx, actor, request.approve ? 'booking.approved' : 'booking.declined', row.id, row, updated);
    const business = businessOf(env, rules);
    if (updated.clientEmail)
      await deps.outbox.enqueue(
        tx,
        request.approve
          ? await bookingEmail(tx, 'booking.approved', updated, business, {
              ics: icsOf(updated, env, rules),
            })
          : await bookingEmail(tx, 'booking.declined', updated, business, { reason }),
      );
    return updated;
  });
}

/**
 * Queues the reminder of every confirmed booking starting within 24 hours. The outbox's dedupe key
 * (booking and start time) makes each reminder go out once, however often this runs or restarts.
 */
export async function queueDueReminders(deps: BookingDeps): Promise<number> {
  const { db, env } = deps;
  const at = now(deps);
  const due = await db
    .select()
    .from(booking)
    .where(
      and(
        eq(booking.status, 'confirmed'),
        sql`${booking.startsAt} > ${new Date(at)}`,
        sql`${booking.startsAt} <= ${new Date(at + 24 * 3_600_000)}`,
      ),
    )
    .orderBy(asc(booking.startsAt));
  if (!due.length) return 0;
  const rules = await getBookingRules(db, env.BUSINESS_TIME_ZONE);
  let queued = 0;
  for (const row of due) {
    if (!row.clientEmail) continue;
    const dedupeKey = `reminder:${row.id}:${row.startsAt.toISOString()}`;
    const id = await db.transaction(async (tx) =>
      deps.outbox.enqueue(tx, await bookingEmail(tx, 'booking.reminder', row, businessOf(env, rules), { dedupeKey })),
    );
    if (id) {
      queued++;
      await db.transaction((tx) => recordEvent(tx, row, { id: null, role: 'system' }, 'reminder-queued'));
    }
  }
  return queued;
}
