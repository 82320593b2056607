import { AppError, recordPaymentInput } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { booking, payment } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';

/** Money received against a booking (cash, card or bank transfer). */
export async function recordBookingPayment(db: Db, actor: Actor | null, bookingId: string, input: unknown) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(recordPaymentInput, input);
  return db.transaction(async (tx) => {
    const [found] = /^[0-9a-f-]{36}$/i.test(bookingId)
      ? await tx.select().from(booking).where(eq(booking.id, bookingId))
      : [];
    if (!found) throw new AppError('NOT_FOUND', 'No such booking.');
    if (found.status === 'cancelled')
      throw new AppError('CONFLICT', 'This booking is cancelled: record a refund instead.');
    const [row] = await tx
      .insert(payment)
      .values({
        bookingId,
        clientId: found.clientId,
        amountPence: data.amountPence,
        method: data.method,
        paidAt: data.paidAt ? new Date(data.paidAt) : new Date(),
        note: data.note,
        recordedBy: admin.id,
      })
      .returning();
    if (!row) throw new Error('payment insert returned no row');
    await recordAudit(tx, admin, 'booking.payment', 'booking', bookingId, null, {
      amountPence: row.amountPence,
      method: row.method,
    });
    return row;
  });
}
