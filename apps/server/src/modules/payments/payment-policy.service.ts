import {
  defaultPaymentPolicy,
  type PaymentPolicy,
  type PaymentPolicyAnswer,
  paymentPolicyInput,
  paymentPolicySchema,
  type SensualStripeDeposit,
} from '@app/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { booking, onlinePayment, paymentPolicy } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';

/** The owner's payment policy (one row, seeded by migration 0015 with nothing up front). */
export async function readPaymentPolicy(db: DbOrTx): Promise<PaymentPolicy> {
  const [row] = await db.select().from(paymentPolicy).where(eq(paymentPolicy.id, 1));
  if (!row) return defaultPaymentPolicy();
  // Parsed on the way out too: a row written by an older version never reaches the booking engine malformed.
  const parsed = paymentPolicySchema.safeParse({ ...row.rules, freeCancellationHours: row.freeCancellationHours });
  return parsed.success ? parsed.data : defaultPaymentPolicy();
}

export async function getPaymentPolicy(
  deps: { db: DbOrTx; stripe?: unknown },
  request: { actor: Actor | null },
): Promise<PaymentPolicyAnswer> {
  requireRole(request.actor, 'admin');
  return {
    policy: await readPaymentPolicy(deps.db),
    onlinePaymentEnabled: Boolean(deps.stripe),
    sensualStripeDeposits: await sensualStripeDeposits(deps.db),
  };
}

/**
 * Sensual bookings whose client paid through Stripe before such payments were refused (decision 065). They are left
 * as they are (refunding or moving them is the owner's call, booking by booking); the payment screen lists them.
 */
async function sensualStripeDeposits(db: DbOrTx): Promise<SensualStripeDeposit[]> {
  const rows = await db
    .select({
      bookingId: booking.id,
      startsAt: booking.startsAt,
      clientName: booking.clientName,
      amountPence: onlinePayment.amountPence,
      settlement: onlinePayment.settlement,
    })
    .from(onlinePayment)
    .innerJoin(booking, eq(booking.id, onlinePayment.bookingId))
    .where(and(eq(booking.style, 'sensual'), isNotNull(onlinePayment.paymentId)))
    .orderBy(asc(booking.startsAt));
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}

/**
 * Saved even without Stripe keys (it applies once they are set); the change is kept in the audit log. A card payment
 * asked for the sensual style is refused (paymentPolicyInput).
 */
export async function setPaymentPolicy(
  deps: { db: DbOrTx; stripe?: unknown },
  request: InputRequest,
): Promise<PaymentPolicyAnswer> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(paymentPolicyInput, request.input);
  const { freeCancellationHours, ...rules } = input;
  await deps.db.transaction(async (tx) => {
    const before = await readPaymentPolicy(tx);
    await saveSingleRow(tx, paymentPolicy, { rules, freeCancellationHours });
    await recordAudit(tx, {
      actor,
      action: 'payments.policy',
      entityType: 'setting',
      entityId: 'payment_policy',
      before,
      after: input,
    });
  });
  return {
    policy: input,
    onlinePaymentEnabled: Boolean(deps.stripe),
    sensualStripeDeposits: await sensualStripeDeposits(deps.db),
  };
}
