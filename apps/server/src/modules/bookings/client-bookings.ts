// The client's own bookings as they read them: the list, one booking with its money, its calendar file.
import type {
  Booking,
  BookingAddOn,
  BookingBankTransfer,
  BookingCardSetup,
  BookingPayment,
  CancellationMoney,
  CancellationVoucher,
} from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';
import { addOnsOfBooking, addOnsOfBookings } from '../add-ons/booking-add-ons.ts';
import { type Actor, type RowRequest, requireSignedIn } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { coursePaidOf } from '../courses/course-sessions.ts';
import { bankTransferForClient } from '../payments/bank-transfer-deposits.ts';
import { cardSetupForClient, noShowFeeStateOf } from '../payments/no-show-fee.ts';
import {
  bookingPaymentOf,
  onlinePaymentOfBooking,
  paymentIntentOf,
  paymentUnavailable,
  releaseUnpaidHold,
} from '../payments/online-payments.ts';
import { voucherPaidOf } from '../vouchers/spend-vouchers.ts';
import { type BookingRow, icsOf, now, ownBooking, sharedBookingFields } from './booking-state.ts';
import { cancellationMoneyOf, cancellationVoucherOf } from './cancellation-terms.ts';

/** What a client's booking says of its money, each part null (or 0) when it has none. */
export type ClientMoney = {
  payment?: BookingPayment | null;
  cardSetup?: BookingCardSetup | null;
  cancellationMoney?: CancellationMoney | null;
  voucherPaidPence?: number;
  coursePaid?: boolean;
  cancellationVoucher?: CancellationVoucher | null;
  bankTransfer?: BookingBankTransfer | null;
};

export function toClientBooking(
  row: BookingRow,
  request: {
    rules: { cancellationCutoffHours: number; streetAddress: string };
    at: number;
    money?: ClientMoney;
    addOns?: BookingAddOn[];
  },
): Booking {
  const { rules, at, money = {} } = request;
  const active = row.status === 'pending' || row.status === 'confirmed';
  return {
    ...sharedBookingFields(row),
    address: row.status === 'confirmed' && rules.streetAddress ? rules.streetAddress : null,
    changeableByClient: active && row.startsAt.getTime() - at >= rules.cancellationCutoffHours * 3_600_000,
    payment: money.payment ?? null,
    cardSetup: money.cardSetup ?? null,
    cancellationMoney: money.cancellationMoney ?? null,
    voucherPaidPence: money.voucherPaidPence ?? 0,
    coursePaid: money.coursePaid ?? false,
    cancellationVoucher: money.cancellationVoucher ?? null,
    bankTransfer: money.bankTransfer ?? null,
    addOns: request.addOns ?? [],
  };
}

/**
 * What cancelling the booking now would do to the money paid up front and to what gift vouchers paid, as its client
 * is told before cancelling: only while it can still be cancelled.
 */
async function cancellationOutlookOf(db: DbOrTx, row: BookingRow, at: number): Promise<ClientMoney> {
  // Whether a session of the client's course paid for it (decision 081): said on their booking.
  const coursePaid = (await coursePaidOf(db, { bookingId: row.id })) > 0;
  if (row.status !== 'pending' && row.status !== 'confirmed')
    return { voucherPaidPence: await voucherPaidOf(db, { bookingId: row.id }), coursePaid };
  const cancellationVoucher = await cancellationVoucherOf(db, { row, at, by: 'client' });
  return {
    voucherPaidPence: cancellationVoucher?.amountPence ?? 0,
    cancellationMoney: await cancellationMoneyOf(db, { row, at, by: 'client' }),
    cancellationVoucher,
    coursePaid,
  };
}

/** The card setup of a booking, or (Stripe unreachable) what is known of it without a secret. */
export async function cardSetupOf(deps: BookingDeps, request: { row: BookingRow }): Promise<BookingCardSetup | null> {
  return cardSetupForClient(deps, request).catch(async () => {
    const fee = await noShowFeeStateOf(deps.db, { bookingId: request.row.id });
    return fee ? { feePence: fee.feePence, status: fee.status, clientSecret: null } : null;
  });
}

/**
 * The payment a booking waits for or was paid with, as its client sees it. While it is awaited, the intent is
 * made (after the booking's commit: no network call holds the diary) or fetched again for its client secret. If
 * Stripe cannot be reached when the booking is made, the time is given back at once and the client told to retry.
 */
export async function paymentForClient(deps: BookingDeps, request: { row: BookingRow; release: boolean }) {
  const { row } = request;
  const held = await onlinePaymentOfBooking(deps.db, { bookingId: row.id });
  if (!held) return null;
  if (row.status !== 'awaiting_payment' || held.status !== 'awaiting' || !deps.stripe)
    return bookingPaymentOf(held, { clientSecret: null });
  try {
    const intent = await paymentIntentOf({ db: deps.db, stripe: deps.stripe }, { row, held });
    const fresh = (await onlinePaymentOfBooking(deps.db, { bookingId: row.id })) ?? held;
    return bookingPaymentOf(fresh, { clientSecret: intent.client_secret });
  } catch (error) {
    if (!request.release) throw paymentUnavailable();
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(booking).where(eq(booking.id, row.id)).for('update');
      if (locked)
        await releaseUnpaidHold({ ...deps, tx }, { row: locked, reason: 'The payment could not be started.' });
    });
    throw Object.assign(paymentUnavailable(), { cause: error });
  }
}

export async function listMyBookings(deps: BookingDeps, request: { actor: Actor | null }) {
  const actor = requireSignedIn(request.actor);
  const rules = await getBookingRules(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  const rows = await deps.db
    .select()
    .from(booking)
    .where(eq(booking.clientId, actor.id))
    .orderBy(desc(booking.startsAt));
  const at = now(deps);
  // The cancel dialog says what becomes of the money paid online and of what a voucher paid (decisions 048, 057).
  const addOns = await addOnsOfBookings(deps.db, { bookingIds: rows.map((row) => row.id) });
  const all = await Promise.all(
    rows.map(async (row) =>
      toClientBooking(row, {
        rules,
        at,
        money: await cancellationOutlookOf(deps.db, row, at),
        addOns: addOns.get(row.id),
      }),
    ),
  );
  const isUpcoming = (b: Booking) =>
    Date.parse(b.endsAt) > at &&
    (b.status === 'pending' || b.status === 'confirmed' || b.status === 'awaiting_payment');
  return { upcoming: all.filter(isUpcoming).reverse(), past: all.filter((b) => !isUpcoming(b)) };
}

export async function getMyBooking(deps: BookingDeps, request: RowRequest) {
  const actor = requireSignedIn(request.actor);
  const row = await ownBooking(deps.db, { actor, id: request.id });
  const rules = await getBookingRules(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  // The page the client comes back to after paying reads this until the webhook has settled the booking.
  const at = now(deps);
  const outlook = await cancellationOutlookOf(deps.db, row, at);
  const payment = await paymentForClient(deps, { row, release: false });
  const cardSetup = await cardSetupOf(deps, { row });
  const bankTransfer = await bankTransferForClient(deps.db, { bookingId: row.id });
  const addOns = await addOnsOfBooking(deps.db, { bookingId: row.id });
  return toClientBooking(row, { rules, at, money: { ...outlook, payment, cardSetup, bankTransfer }, addOns });
}

export async function bookingCalendarFile(deps: BookingDeps, request: RowRequest) {
  const actor = requireSignedIn(request.actor);
  const row = await ownBooking(deps.db, { actor, id: request.id });
  const rules = await getBookingRules(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  return icsOf(deps.env, { row, rules });
}
