import { defaultPaymentPolicy, type PaymentPolicy, type PaymentPolicyAnswer, paymentPolicySchema } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentPolicy } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';

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
  return { policy: await readPaymentPolicy(deps.db), onlinePaymentEnabled: Boolean(deps.stripe) };
}

/** Saved even without Stripe keys (it applies once they are set); the change is kept in the audit log. */
export async function setPaymentPolicy(
  deps: { db: DbOrTx; stripe?: unknown },
  request: { actor: Actor | null; input: unknown },
): Promise<PaymentPolicyAnswer> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(paymentPolicySchema, request.input);
  const { freeCancellationHours, ...rules } = input;
  await deps.db.transaction(async (tx) => {
    const before = await readPaymentPolicy(tx);
    await tx
      .insert(paymentPolicy)
      .values({ id: 1, rules, freeCancellationHours })
      .onConflictDoUpdate({ target: paymentPolicy.id, set: { rules, freeCancellationHours } });
    await recordAudit(tx, {
      actor,
      action: 'payments.policy',
      entityType: 'setting',
      entityId: 'payment_policy',
      before,
      after: input,
    });
  });
  return { policy: input, onlinePaymentEnabled: Boolean(deps.stripe) };
}
