import { formatDiaryDateTime, formatPrice } from '../../lib/format.ts';
import type { ActionResult, BookingHistoryEntry } from './admin-api.ts';

/**
 * What the client was told, honestly: a queued email only reaches them when a mail server is set up
 * (`emailEnabled` from the public configuration).
 */
export function emailNote(notified: boolean, emailEnabled: boolean): string {
  if (!notified) return 'Recorded; the client was not emailed.';
  return emailEnabled
    ? 'The client is emailed.'
    : 'Recorded; the client was not emailed: no mail server is set up, the email is kept in the outbox.';
}

const who = (entry: BookingHistoryEntry) =>
  entry.actorRole === 'admin' ? 'Owner' : entry.actorRole === 'system' ? 'the system' : 'the client';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const withReason = (sentence: string, reason: unknown) => (text(reason) ? `${sentence}: ${text(reason)}` : sentence);

/** One entry of a booking's history as a sentence, times on the business clock; no codes, no ISO times. */
export function historySentence(entry: BookingHistoryEntry, timeZone: string): string {
  const details = entry.details ?? {};
  const silent = details.notified === false ? ' (the client was not emailed)' : '';
  switch (entry.action) {
    case 'created':
      return details.source === 'admin' ? 'Booked by Owner on the phone' : 'Booked online by the client';
    case 'rescheduled':
      return typeof details.from === 'string' && typeof details.to === 'string'
        ? `Moved from ${formatDiaryDateTime(details.from, timeZone)} to ${formatDiaryDateTime(details.to, timeZone)} by ${who(entry)}${silent}`
        : `Moved by ${who(entry)}${silent}`;
    case 'cancelled': {
      const by = details.by === 'client' || entry.actorRole === 'user' ? 'the client' : who(entry);
      const refunded =
        typeof details.refundedPence === 'number' && details.refundedPence > 0
          ? `; ${formatPrice(details.refundedPence)} paid back`
          : '';
      return `${withReason(`Cancelled by ${by}`, details.reason)}${refunded}${silent}`;
    }
    case 'restored':
      return `Cancelling undone by ${who(entry)}`;
    case 'approved':
      return `Approved by ${who(entry)}`;
    case 'declined':
      return withReason(`Declined by ${who(entry)}`, details.reason);
    case 'completed':
      return `Marked completed by ${who(entry)}`;
    case 'no_show':
      return `Marked no-show by ${who(entry)}`;
    case 'reminder-queued':
      return 'Reminder email queued';
    default:
      return `Changed by ${who(entry)}`;
  }
}

/** What became of the online part of a cancelling's refund, from the refund's state on the booking sheet. */
export function onlineRefundWords(result: ActionResult): string {
  const last = result.onlinePayment?.refunds.at(-1);
  if (last?.status === 'succeeded') return "refunded to the client's card.";
  if (last?.status === 'pending') return 'refund accepted by Stripe, waiting for the card issuer.';
  if (last?.status === 'failed') return 'refund failed: see the booking.';
  return 'refund failed, retrying: Stripe could not be reached.';
}

/** What the pay-back box does: the money paid back, what gift vouchers paid put back onto them, or both. */
export function payBackLabel(paid: number, byVoucher: number, bySession = 0): string {
  const parts = [
    paid > 0 ? `pay back the ${formatPrice(paid)} paid` : '',
    byVoucher > 0 ? `put the ${formatPrice(byVoucher)} paid by gift voucher back onto the voucher` : '',
    bySession > 0 ? 'give the session back to the client’s course' : '',
  ].filter(Boolean);
  const words = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
