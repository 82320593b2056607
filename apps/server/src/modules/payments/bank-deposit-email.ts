import { formatSortCode } from '@app/shared';
import { formatForClient } from '../../lib/zoned-time.ts';
import { bookingEmail } from '../bookings/booking-emails.ts';
import { type BookingRow, type BookingTx, type BusinessSettings, businessOf } from '../bookings/booking-state.ts';
import { bankDepositOfBooking, readBankTransferSettings } from './bank-transfer-deposits.ts';

/**
 * The client's email for a booking that waits for its deposit by bank transfer (decision 066), through the durable
 * outbox in the booking's transaction: the account to pay into, the amount, the reference to quote and until when the
 * time is held. Like every booking email its subject and preview never name a sensual treatment, and the reference
 * the client writes on the transfer, all the bank and the payee see, is a code that names nothing.
 */
export async function queueBankDepositEmail(deps: BookingTx, request: { row: BookingRow; rules: BusinessSettings }) {
  const { row, rules } = request;
  const { env, tx } = deps;
  const deposit = await bankDepositOfBooking(tx, { bookingId: row.id });
  if (!row.clientEmail || deposit?.status !== 'awaiting') return null;
  const settings = await readBankTransferSettings(tx);
  const business = businessOf(env, rules);
  const email = await bookingEmail(tx, {
    kind: 'booking.bank-deposit',
    booking: row,
    business,
    extra: {
      depositAmount: new Intl.NumberFormat(business.locale, { style: 'currency', currency: business.currency }).format(
        deposit.amountPence / 100,
      ),
      accountName: settings.accountName,
      sortCode: formatSortCode(settings.sortCode),
      accountNumber: settings.accountNumber,
      depositReference: deposit.reference,
      depositDeadline: formatForClient(deposit.holdExpiresAt, business.timeZone, business.locale),
    },
    dedupeKey: `bank-deposit:${deposit.id}`,
  });
  return deps.outbox.enqueue(tx, email);
}
