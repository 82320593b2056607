import { describe, expect, it } from 'vitest';
import { cancellationVoucherText, formatVoucherCode, voucherCodeField } from './vouchers.ts';

describe('voucher codes', () => {
  it('prints a code as four groups of four, and reads one back whatever its spaces, dashes and case', () => {
    expect(formatVoucherCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(formatVoucherCode('ABCDEF')).toBe('ABCD-EF');
    expect(formatVoucherCode('')).toBe('');
    expect(voucherCodeField.parse(' abcd-efgh jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(voucherCodeField.safeParse('ABCD-EFGH-JKMN-PQR0').success).toBe(false); // 0 is not in the alphabet
  });
});

describe('what cancelling says about a voucher', () => {
  it('says nothing when no voucher paid, and the amount in pounds when one did', () => {
    expect(cancellationVoucherText(null)).toBe('');
    expect(cancellationVoucherText({ amountPence: 0, outcome: 'returned', freeCancellationHours: 24 })).toBe('');
    expect(cancellationVoucherText({ amountPence: 3000, outcome: 'returned', freeCancellationHours: 24 })).toBe(
      'The £30 paid by gift voucher goes back onto your voucher.',
    );
    expect(cancellationVoucherText({ amountPence: 1, outcome: 'kept', freeCancellationHours: 48 })).toBe(
      'The £0.01 paid by gift voucher is kept, as the cancellation is less than 48 hours before the appointment.',
    );
  });
});
