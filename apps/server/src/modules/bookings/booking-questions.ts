// What a client asks before booking: the free times, whether the owner must approve, what is paid up front, what a
// gift voucher would pay. Each answers by the same rules the booking itself applies (place-booking.ts).
import {
  AppError,
  type ApprovalAnswer,
  amountDue,
  approvalQuery,
  checkVoucherQuery,
  slotsQuery,
  type UpfrontAnswer,
  upfrontQuery,
  type VoucherCheck,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, customer, service } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addOnMinutesFor, withAddOns } from '../add-ons/booking-add-ons.ts';
import { type Actor, type QueryRequest, requireSignedIn } from '../auth/actor.ts';
import { freeTimes } from '../availability/free-times.ts';
import { bankDepositFor } from '../payments/bank-transfer-deposits.ts';
import { noShowFeeFor } from '../payments/no-show-fee.ts';
import { minimumChargeOf } from '../payments/online-payments.ts';
import { readPaymentPolicy } from '../payments/payment-policy.service.ts';
import { spendableVoucher } from '../vouchers/spend-vouchers.ts';

/**
 * GET /api/slots for this app: the free times, each answer kept per state of the diary (decision 045). The owner
 * books every service by phone; the discretion flag is for visitors. Who asks is looked up only without the flag.
 */
export function freeSlotsFor(deps: Pick<BookingDeps, 'db' | 'env'>) {
  const slotsOf = freeTimes(deps.db, { timeZone: deps.env.BUSINESS_TIME_ZONE });
  return async (request: { query: unknown; sensualFlag: boolean; actor: () => Promise<Actor | null> }) => {
    const query = parseInput(slotsQuery, request.query);
    const showSensual = request.sensualFlag || (await request.actor())?.role === 'admin';
    return slotsOf(
      query,
      showSensual,
      await addOnMinutesFor(deps.db, { serviceId: query.serviceId, ids: query.addOns }),
    );
  };
}

/**
 * A service and length that may be booked (a sensual one only with the discretion flag). An unknown or hidden
 * service is NOT_FOUND; a length not offered is NOT_FOUND for a question, and a VALIDATION of the field for a booking.
 */
export async function offeredLength(
  db: DbOrTx,
  request: { serviceId: string; minutes: number; showSensual: boolean; lengthRefusal?: 'not-found' | 'field' },
) {
  const [chosen] = await db.select().from(service).where(eq(service.id, request.serviceId));
  if (!chosen?.active || (chosen.style === 'sensual' && !request.showSensual))
    throw new AppError('NOT_FOUND', 'This service is not available.');
  const duration = chosen.durations.find((d) => d.minutes === request.minutes);
  if (!duration)
    throw request.lengthRefusal === 'field'
      ? new AppError(
          'VALIDATION',
          `durationMinutes: ${chosen.name} is offered for ${chosen.durations.map((d) => d.minutes).join(', ')} minutes`,
        )
      : new AppError('NOT_FOUND', 'This length is not offered.');
  return { chosen, duration };
}

/** The treatment and length a client asks about before booking, priced with the add-ons the question names. */
async function askedTreatment(
  db: DbOrTx,
  request: { query: { serviceId: string; duration: number; addOns?: readonly string[] }; showSensual: boolean },
) {
  const { query } = request;
  const { chosen, duration: offered } = await offeredLength(db, {
    serviceId: query.serviceId,
    minutes: query.duration,
    showSensual: request.showSensual,
  });
  const duration = await withAddOns(db, { chosen, duration: offered, ids: query.addOns, field: 'addOns' });
  return { chosen, duration };
}

/**
 * What the payment policy asks this client to pay up front for this booking: a client the owner trusts, or one who
 * has had an appointment, is a returning client. Nothing without Stripe, and never for the owner's own bookings.
 */
export async function upfrontFor(
  deps: Pick<BookingDeps, 'env' | 'stripe'> & { tx: DbOrTx },
  request: { client: { id: string; policy: string }; booked: { style: 'therapeutic' | 'sensual'; pricePence: number } },
) {
  const { tx } = deps;
  const { client, booked } = request;
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

/** A signed-in client's question about a treatment and length before booking it (sensual ones only when shown). */
type TreatmentQuestion = { actor: Actor | null; query: unknown; showSensual: boolean };

/** What the payment policy would ask the signed-in client up front, before any booking exists (read outside it). */
async function upfrontForSignedIn(
  deps: BookingDeps,
  userId: string,
  booked: { style: 'therapeutic' | 'sensual'; pricePence: number },
) {
  const [row] = await deps.db.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, userId));
  return upfrontFor({ ...deps, tx: deps.db }, { client: { id: userId, policy: row?.policy ?? 'new' }, booked });
}

/**
 * Whether a booking of this style by the signed-in client would wait for the owner (a new client's sensual
 * request), so the page can say so before the client asks. The booking itself decides again on the server.
 */
export async function approvalRequired(deps: BookingDeps, request: QueryRequest): Promise<ApprovalAnswer> {
  const actor = requireSignedIn(request.actor);
  const { style } = parseInput(approvalQuery, request.query);
  if (style !== 'sensual') return { approvalRequired: false };
  const [row] = await deps.db.select({ policy: customer.policy }).from(customer).where(eq(customer.userId, actor.id));
  return { approvalRequired: (row?.policy ?? 'new') === 'new' };
}

/**
 * What the signed-in client would be asked to pay now for this service and length (decision 047), by the same rule
 * the booking itself applies, so the page says before confirming exactly what POST /api/bookings will ask.
 */
export async function upfrontForClient(deps: BookingDeps, request: TreatmentQuestion): Promise<UpfrontAnswer> {
  const actor = requireSignedIn(request.actor);
  const query = parseInput(upfrontQuery, request.query);
  const { chosen, duration } = await askedTreatment(deps.db, { query, showSensual: request.showSensual });
  const booked = { style: chosen.style, pricePence: duration.pricePence };
  const due = await upfrontForSignedIn(deps, actor.id, booked);
  const policy = await readPaymentPolicy(deps.db);
  const fee = await noShowFeeFor({ ...deps, tx: deps.db }, booked);
  const bankDeposit = chosen.style === 'sensual' ? await bankDepositFor(deps.db, booked) : 0;
  return {
    due,
    noShowFeePence: fee > 0 ? fee : null,
    currency: deps.env.BUSINESS_CURRENCY,
    freeCancellationHours: policy.freeCancellationHours,
    bankDepositPence: bankDeposit > 0 ? bankDeposit : null,
  };
}

/**
 * What a gift voucher code would pay towards this treatment and length, and what the payment policy would then ask
 * online of what is left: the same rules the booking applies, so the confirm step says exactly what will happen.
 */
export async function checkVoucherForBooking(deps: BookingDeps, request: TreatmentQuestion): Promise<VoucherCheck> {
  const actor = requireSignedIn(request.actor);
  const query = parseInput(checkVoucherQuery, request.query);
  const { chosen, duration } = await askedTreatment(deps.db, { query, showSensual: request.showSensual });
  const found = await spendableVoucher({ ...deps, tx: deps.db }, { code: query.code, lock: false });
  const usablePence = Math.min(found.balancePence, duration.pricePence);
  const leftToPayPence = duration.pricePence - usablePence;
  const due = await upfrontForSignedIn(deps, actor.id, { style: chosen.style, pricePence: leftToPayPence });
  return { usablePence, balancePence: found.balancePence, expiresOn: found.expiresOn, leftToPayPence, due };
}
