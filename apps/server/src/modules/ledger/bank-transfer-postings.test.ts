import { describe, expect, it } from 'vitest';
import { bankDepositEntry, bankDepositRefundEntry } from './bank-transfer-postings.ts';

// Each entry written out by hand from the chart of accounts and decision 066: a deposit paid by bank transfer is owed
// to the client (2300 Deposits held) until the appointment; paying it back takes it out of the bank again.

const posting = { date: '2026-03-01', description: 'Deposit by bank transfer, DEP-7KQ2' };

describe('what deposits by bank transfer post', () => {
  it('a deposit received: the bank up, owed to the client', () => {
    expect(bankDepositEntry({ ...posting, amountPence: 2000, paymentId: 'payment-1' })).toEqual({
      ...posting,
      sourceType: 'payment',
      sourceId: 'payment-1',
      lines: [
        { accountCode: '1010', debitPence: 2000, creditPence: 0 },
        { accountCode: '2300', debitPence: 0, creditPence: 2000 },
      ],
    });
  });

  it('a deposit paid back: no longer owed, the bank down', () => {
    expect(bankDepositRefundEntry({ ...posting, amountPence: 2000, refundId: 'refund-1' })).toEqual({
      ...posting,
      sourceType: 'refund',
      sourceId: 'refund-1',
      lines: [
        { accountCode: '2300', debitPence: 2000, creditPence: 0 },
        { accountCode: '1010', debitPence: 0, creditPence: 2000 },
      ],
    });
  });
});
