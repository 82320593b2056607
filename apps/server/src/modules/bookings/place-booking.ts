import {
  AppError,
  type Booking,
  type CreateBookingInput,
  createBookingInput,
  createPhoneBookingInput,
} from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addOnsOfBooking, recordBookingAddOns, withAddOns } from '../add-ons/booking-add-ons.ts';
import { type Actor, type InputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { coursePaidOf, courseSessionFor, useCourseSession } from '../courses/course-sessions.ts';
import { customerPolicyOf } from '../customers/customer-policy.ts';
import { queueBankDepositEmail } from '../payments/bank-deposit-email.ts';
import { bankDepositFor, bankTransferForClient, openBankDeposit } from '../payments/bank-transfer-deposits.ts';
import { noShowFeeFor, recordNoShowConsent } from '../payments/no-show-fee.ts';
import { openOnlinePayment } from '../payments/online-payments.ts';
import { assertEmailVerifiedIfRequired } from '../records/screening.ts';
import { assertVerifiedIfRequired } from '../texts/phone-verification.ts';
import { createUserWithoutPassword, setUserPhone } from '../users/users.service.ts';
import { spendableVoucher, spendVoucher, voucherPaidOf } from '../vouchers/spend-vouchers.ts';
import { getAdminBooking } from './admin-bookings.service.ts';
import { offeredLength, upfrontFor } from './booking-questions.ts';
import { assertSlotFree, withAlternatives } from './booking-slots.ts';
import { auditIfAdmin, type BookingRow, lockDiary, now, recordEvent, sendBookedEmails } from './booking-state.ts';
import { cardSetupOf, paymentForClient, toClientBooking } from './client-bookings.ts';

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

function formatNotice(minutes: number) {
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
}

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

  const { chosen, duration: offered } = await offeredLength(db, {
    serviceId: input.serviceId,
    minutes: input.durationMinutes,
    showSensual: request.showSensual,
    lengthRefusal: 'field',
  });
  // Add-ons (decision 079): their minutes lengthen the booking and their prices add to its price.
  const duration = await withAddOns(db, { chosen, duration: offered, ids: input.addOnIds });
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

      const policy = await customerPolicyOf(tx, { userId: client.id });
      // The owner may still book a blocked client on the phone: the block is for the website.
      if (policy === 'blocked' && request.source === 'client')
        throw new AppError(
          'CLIENT_BLOCKED',
          'We cannot take this booking online. Please get in touch with us by phone or email.',
        );
      // Screening (decision 073): the owner may require a new client's number to be verified first.
      if (request.source === 'client') await assertVerifiedIfRequired({ tx, env }, { id: client.id, role: 'user' });
      // ...and a new client's email address (screening).
      if (request.source === 'client') await assertEmailVerifiedIfRequired(tx, client.id);

      const rules = await getBookingRules(tx, { timeZone: env.BUSINESS_TIME_ZONE });
      const at = now(deps);
      const endsAt = startsAt + duration.minutes * 60_000;
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
        await assertSlotFree(tx, {
          timeZone: env.BUSINESS_TIME_ZONE,
          start: startsAt,
          durationMinutes: duration.minutes,
          now: at,
        });
      }

      // A gift voucher pays first, as much as the price takes; the payment policy asks only of what is left.
      const voucherRow = input.voucherCode
        ? await spendableVoucher({ ...deps, tx }, { code: input.voucherCode, lock: true })
        : null;
      const voucherPence = voucherRow ? Math.min(voucherRow.balancePence, duration.pricePence) : 0;
      // A session of the client's course pays for the treatment (decision 081): nothing more is asked for it.
      const courseSession = await courseSessionFor(
        { ...deps, tx },
        { ...input, clientId: client.id, serviceId: chosen.id, startsAt },
      );
      const coursePence = Math.max(0, Math.min(courseSession?.coveredPence ?? 0, duration.pricePence - voucherPence));
      const online = request.source === 'client' && !pastRecord;
      const upfront = online
        ? await upfrontFor(
            { ...deps, tx },
            {
              client: { id: client.id, policy },
              booked: { style: chosen.style, pricePence: duration.pricePence - voucherPence - coursePence },
            },
          )
        : ({ kind: 'none' } as const);
      // A sensual booking asks nothing by card (decision 065); its deposit, if the owner asks one, is by bank transfer.
      const bankDepositPence =
        online && chosen.style === 'sensual'
          ? await bankDepositFor(tx, { pricePence: duration.pricePence - voucherPence - coursePence })
          : 0;
      const noShowFeePence =
        online && !courseSession
          ? await noShowFeeFor({ ...deps, tx }, { style: chosen.style, pricePence: duration.pricePence })
          : 0;
      if (noShowFeePence > 0 && !input.noShowFeeConsent)
        throw new AppError(
          'VALIDATION',
          'noShowFeeConsent: This booking needs your agreement to the no-show fee, and a card saved for it.',
        );
      // A new client's sensual request waits for the owner; the owner's own bookings are confirmed. Money asked
      // up front comes first: the time is held while the client pays (decision 047).
      const status = pastRecord
        ? 'completed'
        : upfront.kind !== 'none' || bankDepositPence > 0
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
      await recordBookingAddOns(tx, { bookingId: row.id, chosen: duration.addOns });
      await recordEvent(tx, { row, actor, action: 'created', to: status, details: { source: request.source } });
      await auditIfAdmin(tx, { actor, action: 'booking.created', id: row.id, before: null, after: row });
      if (!client.phone && input.phone) await setUserPhone(tx, { userId: client.id, phone: input.phone });
      if (voucherRow && voucherPence > 0)
        await spendVoucher(
          { ...deps, tx },
          { code: voucherRow.code, amountPence: voucherPence, bookingRow: row, by: actor.id },
        );

      if (courseSession)
        await useCourseSession(
          { ...deps, tx },
          { session: courseSession, coveredPence: coursePence, bookingRow: row, by: actor.id },
        );

      if (pastRecord) return { row, created: true };
      if (noShowFeePence > 0)
        await recordNoShowConsent(tx, {
          currency: env.BUSINESS_CURRENCY,
          row,
          feePence: noShowFeePence,
          consented: input.noShowFeeConsent,
          at,
        });
      if (bankDepositPence > 0) {
        await openBankDeposit(tx, { row, amountPence: bankDepositPence, at });
        await queueBankDepositEmail({ ...deps, tx }, { row, rules });
        return { row, created: true };
      }
      if (upfront.kind !== 'none') {
        await openOnlinePayment(tx, {
          env,
          bookingId: row.id,
          style: row.style,
          purpose: upfront.kind,
          amountPence: upfront.amountPence,
          at,
        });
        return { row, created: true };
      }
      await sendBookedEmails({ ...deps, tx }, { row, source: request.source, rules });
      return { row, created: true };
    })
    .catch((error) => withAlternatives(deps, { error, durationMinutes: duration.minutes, wanted: startsAt }));
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
  const rules = await getBookingRules(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  const payment = await paymentForClient(deps, { row: result.row, release: true });
  // Stripe unreachable: the booking stands, and the card is asked for again when the client opens it.
  const cardSetup = await cardSetupOf(deps, { row: result.row });
  const voucherPaidPence = await voucherPaidOf(deps.db, { bookingId: result.row.id });
  const coursePaid = (await coursePaidOf(deps.db, { bookingId: result.row.id })) > 0;
  const bankTransfer = await bankTransferForClient(deps.db, { bookingId: result.row.id });
  return {
    booking: toClientBooking(result.row, {
      rules,
      at: now(deps),
      money: { payment, cardSetup, voucherPaidPence, bankTransfer, coursePaid },
      addOns: await addOnsOfBooking(deps.db, { bookingId: result.row.id }),
    }),
    created: result.created,
  };
}

/**
 * The owner books for a customer on the phone: an existing one, or a new one made in the same transaction. Answered
 * with the booking sheet, and whether this request made it (a retry with the same key finds the first).
 */
export async function createPhoneBooking(deps: BookingDeps, request: InputRequest) {
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
      const id = await createUserWithoutPassword(tx, { name: customer.name, email, phone: customer.phone });
      return { id, email, name: customer.name, phone: customer.phone };
    },
  });
  return { created: result.created, sheet: await getAdminBooking(deps.db, { actor, id: result.row.id }) };
}
