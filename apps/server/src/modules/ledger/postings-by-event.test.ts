import { describe, expect, it } from 'vitest';
import { cr, dr, of, posting } from '../../test/entries-by-hand.ts';
import {
  bookingPaymentEntry,
  bookingRefundEntry,
  creditNoteEntry,
  depositAppliedEntry,
  depositKeptEntry,
  type EntryDraft,
  expenseEntry,
  invoiceIssuedEntry,
  invoicePaymentEntry,
  invoiceRefundEntry,
  isBalanced,
  keptDepositRefundEntry,
  type MoneyMethod,
  noShowFeeEntry,
  onlinePaymentEntry,
  onlineRefundEntry,
  onlineSaleRefundEntry,
  paymentAppliedToInvoiceEntry,
  reversalEntry,
  stripeBalanceEntry,
} from './postings.ts';
import {
  voucherExpiredEntry,
  voucherRedeemedEntry,
  voucherReturnedEntry,
  voucherSoldEntry,
} from './voucher-postings.ts';

// Each event's whole entry (both sides, every line's account, tags and VAT kind, its source) written out by hand from
// the chart of accounts and the decisions on what each event means; the amounts are worked out here: 20 % VAT inside
// £70.00 is £11.67 (70.00 / 6, rounded), leaving £58.33 of income.

const outputVat = { vatKind: 'output' as const };
const moneyAccounts: [MoneyMethod, string][] = [
  ['cash', '1000'],
  ['card', '1020'],
  ['bank_transfer', '1010'],
  ['owner', '3000'],
];
const salesAccounts = [
  { style: 'therapeutic' as const, serviceType: 'swedish', account: '4000' },
  { style: 'sensual' as const, serviceType: 'naturist', account: '4010' },
  { style: null, serviceType: null, account: '4090' },
];

describe('the entry of each money event', () => {
  it('a sale taken on the day: the money in its account, income of its style net of VAT, output VAT owed', () => {
    for (const [method, money] of moneyAccounts)
      for (const { style, serviceType, account } of salesAccounts) {
        const sale = { style, serviceType, vatRateBp: 2000 };
        const tags = { style, serviceType };
        expect(bookingPaymentEntry({ ...posting, paymentId: 'pay_1', amountPence: 7000, method, sale })).toEqual(
          of('payment', 'pay_1', [dr(money, 7000), cr(account, 5833, tags), cr('2200', 1167, outputVat)]),
        );
        expect(bookingRefundEntry({ ...posting, refundId: 'ref_1', amountPence: 7000, method, sale })).toEqual(
          of('refund', 'ref_1', [dr(account, 5833, tags), dr('2200', 1167, outputVat), cr(money, 7000)]),
        );
      }
  });

  it('an invoice: the client owes the total, each line is income of its style, the VAT is owed; a credit note undoes it', () => {
    const lines = [
      { netPence: 5000, vatPence: 1000, style: 'therapeutic' as const, serviceType: 'swedish' },
      { netPence: 3000, vatPence: 600, style: 'sensual' as const, serviceType: 'naturist' },
      { netPence: 1000, vatPence: 0, style: null, serviceType: null },
    ];
    expect(invoiceIssuedEntry({ ...posting, invoiceId: 'inv_1', lines })).toEqual(
      of('invoice', 'inv_1', [
        dr('1100', 10_600),
        cr('4000', 5000, { style: 'therapeutic', serviceType: 'swedish' }),
        cr('4010', 3000, { style: 'sensual', serviceType: 'naturist' }),
        cr('4090', 1000, { style: null, serviceType: null }),
        cr('2200', 1600, outputVat),
      ]),
    );
    expect(creditNoteEntry({ ...posting, creditNoteId: 'cn_1', lines })).toEqual(
      of('credit_note', 'cn_1', [
        cr('1100', 10_600),
        dr('4000', 5000, { style: 'therapeutic', serviceType: 'swedish' }),
        dr('4010', 3000, { style: 'sensual', serviceType: 'naturist' }),
        dr('4090', 1000, { style: null, serviceType: null }),
        dr('2200', 1600, outputVat),
      ]),
    );
  });

  it('money for an invoice settles the debt, and money paid back restores it, in the account of its method', () => {
    for (const [method, money] of moneyAccounts) {
      expect(invoicePaymentEntry({ ...posting, paymentId: 'ip_1', amountPence: 4200, method })).toEqual(
        of('invoice_payment', 'ip_1', [dr(money, 4200), cr('1100', 4200)]),
      );
      expect(invoiceRefundEntry({ ...posting, refundId: 'ir_1', amountPence: 4200, method })).toEqual(
        of('refund', 'ir_1', [dr('1100', 4200), cr(money, 4200)]),
      );
    }
  });

  it('a payment on the day applied to a later invoice: the sale and its VAT are taken back from the debt', () => {
    const sale = { style: 'sensual' as const, serviceType: 'naturist', vatRateBp: 2000 };
    expect(paymentAppliedToInvoiceEntry({ ...posting, paymentId: 'pay_2', amountPence: 7000, sale })).toEqual(
      of('payment_applied', 'pay_2', [
        dr('4010', 5833, { style: 'sensual', serviceType: 'naturist' }),
        dr('2200', 1167, outputVat),
        cr('1100', 7000),
      ]),
    );
  });

  it('an expense: its account takes the cost net of VAT, the VAT is reclaimable input VAT, the money leaves by its method', () => {
    for (const [method, money] of moneyAccounts)
      expect(
        expenseEntry({
          ...posting,
          expenseId: 'exp_1',
          expenseAccountCode: '5000',
          amountPence: 1200,
          vatPence: 200,
          method,
        }),
      ).toEqual(of('expense', 'exp_1', [dr('5000', 1000), dr('2200', 200, { vatKind: 'input' }), cr(money, 1200)]));
    // No VAT on the receipt: no VAT line at all.
    expect(
      expenseEntry({
        ...posting,
        expenseId: 'exp_2',
        expenseAccountCode: '5000',
        amountPence: 1200,
        vatPence: 0,
        method: 'cash',
      }).lines,
    ).toEqual([dr('5000', 1200), cr('1000', 1200)]);
  });

  it('a reversal mirrors every line of the entry it cancels, dated and described as the reversal', () => {
    const original = expenseEntry({
      ...posting,
      expenseId: 'exp_1',
      expenseAccountCode: '5000',
      amountPence: 1200,
      vatPence: 200,
      method: 'card',
    });
    expect(reversalEntry({ ...original, id: 'entry-9', number: 9 }, '2026-03-05', 'entered twice')).toMatchObject({
      date: '2026-03-05',
      description: 'Reversal of entry 9: entered twice',
      sourceType: 'reversal',
      sourceId: 'exp_1',
      reversesEntryId: 'entry-9',
      lines: [cr('5000', 1000), cr('2200', 200, { vatKind: 'input' }), dr('1020', 1200)],
    });
  });
});

describe('the entries of money taken online', () => {
  const sale = { style: 'therapeutic' as const, serviceType: 'swedish', vatRateBp: 2000 };
  const tags = { style: 'therapeutic' as const, serviceType: 'swedish' };

  it('held, paid back, applied to the sale, kept, charged as a no-show fee, or paid back after the sale', () => {
    expect(onlinePaymentEntry({ ...posting, paymentId: 'op_1', amountPence: 7000 })).toEqual(
      of('payment', 'op_1', [dr('1030', 7000), cr('2300', 7000)]),
    );
    expect(onlineRefundEntry({ ...posting, refundId: 'or_1', amountPence: 7000 })).toEqual(
      of('refund', 'or_1', [dr('2300', 7000), cr('1030', 7000)]),
    );
    expect(depositAppliedEntry({ ...posting, onlinePaymentId: 'op_1', amountPence: 7000, sale })).toEqual(
      of('deposit_applied', 'op_1', [dr('2300', 7000), cr('4000', 5833, tags), cr('2200', 1167, outputVat)]),
    );
    expect(depositKeptEntry({ ...posting, onlinePaymentId: 'op_1', amountPence: 7000, vatRateBp: 2000 })).toEqual(
      of('deposit_kept', 'op_1', [dr('2300', 7000), cr('4090', 5833), cr('2200', 1167, outputVat)]),
    );
    expect(noShowFeeEntry({ ...posting, paymentId: 'ns_1', amountPence: 7000, vatRateBp: 2000 })).toEqual(
      of('no_show_fee', 'ns_1', [dr('1030', 7000), cr('4090', 5833), cr('2200', 1167, outputVat)]),
    );
    expect(onlineSaleRefundEntry({ ...posting, refundId: 'or_2', amountPence: 7000, sale })).toEqual(
      of('refund', 'or_2', [dr('4000', 5833, tags), dr('2200', 1167, outputVat), cr('1030', 7000)]),
    );
    expect(keptDepositRefundEntry({ ...posting, refundId: 'or_3', amountPence: 7000, vatRateBp: 2000 })).toEqual(
      of('refund', 'or_3', [dr('4090', 5833), dr('2200', 1167, outputVat), cr('1030', 7000)]),
    );
  });
});

describe("the entries of Stripe's balance transactions", () => {
  const txn = (type: string, amount: number, fee = 0) =>
    stripeBalanceEntry({ ...posting, transaction: { id: 'txn_9', type, amount, fee } });
  const memo = { memo: 'Stripe txn_9' };

  it('a payout moves the money to the bank; a failed or cancelled one brings it back from the bank', () => {
    expect(txn('payout', -3900)).toEqual(of('stripe_balance', 'txn_9', [dr('1010', 3900, memo), cr('1030', 3900)]));
    for (const type of ['payout_failure', 'payout_cancel'])
      expect(txn(type, 3900)).toEqual(of('stripe_balance', 'txn_9', [dr('1030', 3900), cr('1010', 3900, memo)]));
  });

  it('the fee on a payment is a card processing cost, and a fee given back reduces it', () => {
    expect(txn('charge', 7000, 130)).toEqual(of('stripe_balance', 'txn_9', [dr('5075', 130, memo), cr('1030', 130)]));
    expect(txn('payment_refund', -7000, -130)).toEqual(
      of('stripe_balance', 'txn_9', [dr('1030', 130), cr('5075', 130, memo)]),
    );
    // A payment or refund with no fee changes nothing new: its money was posted when it happened.
    for (const type of ['charge', 'payment', 'refund', 'payment_refund']) expect(txn(type, 7000)).toBeNull();
  });

  it("Stripe's own charges are card processing costs; anything else it takes is a cost and anything it adds income", () => {
    for (const type of ['stripe_fee', 'application_fee', 'tax_fee'])
      expect(txn(type, -250)).toEqual(of('stripe_balance', 'txn_9', [dr('5075', 250, memo), cr('1030', 250)]));
    // Stripe gives one of its own charges back: card processing costs less, it is not income.
    for (const type of ['stripe_fee', 'application_fee', 'tax_fee'])
      expect(txn(type, 250)).toEqual(of('stripe_balance', 'txn_9', [dr('1030', 250), cr('5075', 250, memo)]));
    expect(txn('adjustment', -500)).toEqual(of('stripe_balance', 'txn_9', [dr('5075', 500, memo), cr('1030', 500)]));
    expect(txn('adjustment', 500)).toEqual(of('stripe_balance', 'txn_9', [dr('1030', 500), cr('4090', 500, memo)]));
    // A dispute taken with Stripe's fee for it: both are costs, as two pairs of lines.
    expect(txn('dispute', -7000, 1500)).toEqual(
      of('stripe_balance', 'txn_9', [
        dr('5075', 1500, memo),
        cr('1030', 1500),
        dr('5075', 7000, memo),
        cr('1030', 7000),
      ]),
    );
    expect(txn('adjustment', 0)).toBeNull();
  });
});

describe('the entries of gift vouchers', () => {
  const amount = { voucherId: 'v_1', kind: 'amount' as const, vatRateBp: 0 };
  const treatment = { voucherId: 'v_2', kind: 'treatment' as const, vatRateBp: 2000 };
  const sale = { style: 'sensual' as const, serviceType: 'naturist', vatRateBp: 2000 };
  const tags = { style: 'sensual' as const, serviceType: 'naturist' };

  it('sold by each method or online: owed to the holder, with a treatment’s VAT due at once', () => {
    for (const [method, money] of moneyAccounts)
      expect(voucherSoldEntry({ ...posting, voucher: amount, amountPence: 5000, method })).toEqual(
        of('voucher_sale', 'v_1', [dr(money, 5000), cr('2310', 5000)]),
      );
    // An amount (multi-purpose) carries no VAT at sale, whatever rate it were handed.
    expect(
      voucherSoldEntry({ ...posting, voucher: { ...amount, vatRateBp: 2000 }, amountPence: 5000, method: 'cash' }),
    ).toEqual(of('voucher_sale', 'v_1', [dr('1000', 5000), cr('2310', 5000)]));
    expect(voucherSoldEntry({ ...posting, voucher: treatment, amountPence: 7000, method: 'online' })).toEqual(
      of('voucher_sale', 'v_2', [dr('1030', 7000), cr('2310', 5833), cr('2200', 1167, outputVat)]),
    );
  });

  it('spent, given back and expired: the debt becomes a sale of the booking’s style, or other income at expiry', () => {
    const spentAmount = { ...posting, redemptionId: 'red_1', voucher: amount, balanceBeforePence: 5000 };
    expect(voucherRedeemedEntry({ ...spentAmount, amountPence: 1200, sale })).toEqual(
      of('voucher_redeemed', 'red_1', [dr('2310', 1200), cr('4010', 1000, tags), cr('2200', 200, outputVat)]),
    );
    expect(
      voucherReturnedEntry({ ...spentAmount, balanceBeforePence: 3800, amountPence: 1200, vatPence: 200, sale }),
    ).toEqual(of('voucher_returned', 'red_1', [dr('4010', 1000, tags), dr('2200', 200, outputVat), cr('2310', 1200)]));
    // A treatment's VAT went at sale: £70.00 holds £58.33 net, £40.00 holds £33.33, so £25.00 of net moves.
    const spentTreatment = { ...posting, redemptionId: 'red_2', voucher: treatment };
    expect(voucherRedeemedEntry({ ...spentTreatment, balanceBeforePence: 7000, amountPence: 3000, sale })).toEqual(
      of('voucher_redeemed', 'red_2', [dr('2310', 2500), cr('4010', 2500, tags)]),
    );
    expect(
      voucherReturnedEntry({ ...spentTreatment, balanceBeforePence: 4000, amountPence: 3000, vatPence: 0, sale }),
    ).toEqual(of('voucher_returned', 'red_2', [dr('4010', 2500, tags), cr('2310', 2500)]));
    expect(voucherExpiredEntry({ ...posting, voucher: treatment, balancePence: 4000 })).toEqual(
      of('voucher_expired', 'v_2', [dr('2310', 3333), cr('4090', 3333)]),
    );
    expect(voucherExpiredEntry({ ...posting, voucher: { ...amount, vatRateBp: 2000 }, balancePence: 4000 })).toEqual(
      of('voucher_expired', 'v_1', [dr('2310', 4000), cr('4090', 4000)]),
    );
  });
});

describe('the balance guard', () => {
  const balanced = of('payment', 'p', [dr('1000', 500), cr('4090', 500)]) as EntryDraft;

  it('passes an entry whose debits equal its credits over two lines or more, and nothing else', () => {
    expect(isBalanced(balanced)).toBe(true);
    expect(isBalanced({ ...balanced, lines: [dr('1000', 500), cr('4090', 499)] })).toBe(false);
    expect(isBalanced({ ...balanced, lines: [dr('1000', 499), cr('4090', 500)] })).toBe(false);
    expect(isBalanced({ ...balanced, lines: [dr('1000', 0)] })).toBe(false);
    expect(isBalanced({ ...balanced, lines: [] })).toBe(false);
  });
});
