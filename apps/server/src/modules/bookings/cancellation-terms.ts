import type { CancellationMoney, CancellationVoucher } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import { bankDepositCancellationOf } from '../payments/bank-transfer-deposits.ts';
import { onlinePaymentOfBooking, stillHeldOf } from '../payments/online-payments.ts';
import { refundableOf } from '../payments/online-refunds.ts';
import { readPaymentPolicy } from '../payments/payment-policy.service.ts';
import { voucherPaidOf } from '../vouchers/spend-vouchers.ts';
import type { BookingRow } from './booking-state.ts';

/** Who cancels, when, and whether the owner chose to pay back: what the terms below depend on. */
type Cancelling = { row: BookingRow; at: number; by: 'client' | 'business'; refund?: boolean };

/**
 * What cancelling now does to the money paid online: a client inside the free window has it paid back, after it the
 * deposit is kept; the owner pays back only when they choose to. A deposit received by bank transfer follows the same
 * terms (decision 066). Null when nothing paid ahead is left.
 */
export async function cancellationMoneyOf(tx: DbOrTx, request: Cancelling): Promise<CancellationMoney | null> {
  const { row, at, by, refund = false } = request;
  const held = await onlinePaymentOfBooking(tx, { bookingId: row.id });
  const { freeCancellationHours } = await readPaymentPolicy(tx);
  const late = row.startsAt.getTime() - at < freeCancellationHours * 3_600_000;
  if (held?.status !== 'succeeded')
    return bankDepositCancellationOf(tx, { row, late, by, refund, freeCancellationHours });
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
export async function cancellationVoucherOf(tx: DbOrTx, request: Cancelling): Promise<CancellationVoucher | null> {
  const { row, at, by, refund = false } = request;
  const amountPence = await voucherPaidOf(tx, { bookingId: row.id });
  if (amountPence === 0) return null;
  const { freeCancellationHours } = await readPaymentPolicy(tx);
  const late = row.startsAt.getTime() - at < freeCancellationHours * 3_600_000;
  const returned = by === 'business' ? refund : !late;
  return { amountPence, outcome: returned ? 'returned' : 'kept', freeCancellationHours };
}
