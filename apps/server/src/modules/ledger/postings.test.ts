import { accountCodes, vatInGross } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyEntry,
  balanceTransaction,
  base,
  pence,
  postedElsewhere,
  rate,
  sale,
  share100,
  voucherOf,
} from '../../test/posting-arbitraries.ts';
import {
  bookingPaymentEntry,
  depositAppliedEntry,
  depositKeptEntry,
  type EntryDraft,
  invoiceIssuedEntry,
  keptDepositRefundEntry,
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
  voucherNetOf,
  voucherRedeemedEntry,
  voucherReturnedEntry,
  voucherSoldEntry,
} from './voucher-postings.ts';

/** Debits minus credits of a draft, added up here rather than by the module's own isBalanced. */
function difference(entry: EntryDraft): number {
  let total = 0;
  for (const line of entry.lines) total += line.debitPence - line.creditPence;
  return total;
}

function netByAccount(entries: EntryDraft[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const entry of entries)
    for (const line of entry.lines)
      net.set(line.accountCode, (net.get(line.accountCode) ?? 0) + line.debitPence - line.creditPence);
  return net;
}

describe('ledger postings', () => {
  it('balance for every money event, whatever the amounts, rates and methods', () => {
    fc.assert(
      fc.property(anyEntry, (entry) => {
        expect(difference(entry)).toBe(0);
        expect(entry.lines.length).toBeGreaterThanOrEqual(2);
        for (const line of entry.lines) {
          expect(line.debitPence >= 0 && line.creditPence >= 0).toBe(true);
          expect(line.debitPence === 0).not.toBe(line.creditPence === 0);
        }
      }),
    );
  });

  it('reverse any entry exactly: the pair leaves every account where it was', () => {
    fc.assert(
      fc.property(anyEntry, (entry) => {
        const reversal = reversalEntry({ ...entry, id: 'id-1', number: 7 }, '2026-03-02', 'mistake');
        expect(difference(reversal)).toBe(0);
        expect(reversal.reversesEntryId).toBe('id-1');
        for (const value of netByAccount([entry, reversal]).values()) expect(value).toBe(0);
      }),
    );
  });

  it('take a VAT-inclusive booking payment apart into the sale and the VAT', () => {
    const entry = bookingPaymentEntry({
      ...base,
      paymentId: 'p',
      amountPence: 7000,
      method: 'card',
      sale: { style: 'therapeutic', serviceType: 'swedish', vatRateBp: 2000 },
    });
    expect(entry.lines).toEqual([
      { accountCode: accountCodes.cardClearing, debitPence: 7000, creditPence: 0 },
      {
        accountCode: accountCodes.salesTherapeutic,
        debitPence: 0,
        creditPence: 5833,
        style: 'therapeutic',
        serviceType: 'swedish',
      },
      { accountCode: accountCodes.vat, debitPence: 0, creditPence: 1167, vatKind: 'output' },
    ]);
    expect(vatInGross(7000, 2000)).toBe(1167);
  });

  it('leave no VAT line when the business is not VAT registered', () => {
    const entry = bookingPaymentEntry({
      ...base,
      paymentId: 'p',
      amountPence: 9000,
      method: 'cash',
      sale: { style: 'sensual', serviceType: 'naturist', vatRateBp: 0 },
    });
    expect(entry.lines.map((line) => line.accountCode)).toEqual([accountCodes.cash, accountCodes.salesSensual]);
  });

  it('settle an invoice paid on the day without counting its income twice', () => {
    const sale = { style: 'therapeutic' as const, serviceType: 'swedish', vatRateBp: 2000 };
    const entries = [
      bookingPaymentEntry({ ...base, paymentId: 'p', amountPence: 6000, method: 'cash', sale }),
      invoiceIssuedEntry({
        ...base,
        invoiceId: 'i',
        lines: [{ netPence: 5000, vatPence: 1000, style: 'therapeutic', serviceType: 'swedish' }],
      }),
      paymentAppliedToInvoiceEntry({ ...base, paymentId: 'p', amountPence: 6000, sale }),
    ];
    const net = netByAccount(entries);
    expect(net.get(accountCodes.salesTherapeutic)).toBe(-5000);
    expect(net.get(accountCodes.vat)).toBe(-1000);
    expect(net.get(accountCodes.receivables)).toBe(0);
    expect(net.get(accountCodes.cash)).toBe(6000);
  });
});

describe('postings of money taken online (issue 13)', () => {
  it('hold a deposit as a liability in Stripe clearing, then make it the sale with VAT, or other income when kept', () => {
    const held = onlinePaymentEntry({ ...base, amountPence: 2400, paymentId: 'p' });
    expect(held.lines).toEqual([
      expect.objectContaining({ accountCode: accountCodes.stripeClearing, debitPence: 2400 }),
      expect.objectContaining({ accountCode: accountCodes.depositsHeld, creditPence: 2400 }),
    ]);
    const sale = { style: 'therapeutic' as const, serviceType: 'swedish', vatRateBp: 2000 };
    const applied = depositAppliedEntry({ ...base, amountPence: 2400, sale, onlinePaymentId: 'o' });
    expect(applied.lines).toEqual([
      expect.objectContaining({ accountCode: accountCodes.depositsHeld, debitPence: 2400 }),
      expect.objectContaining({ accountCode: accountCodes.salesTherapeutic, creditPence: 2000 }),
      expect.objectContaining({ accountCode: accountCodes.vat, creditPence: 400, vatKind: 'output' }),
    ]);
    // Kept after a no-show or a late cancel: income with VAT at the sales rate, like the no-show fee (decision 048).
    const kept = depositKeptEntry({ ...base, amountPence: 2400, vatRateBp: 2000, onlinePaymentId: 'o' });
    expect(kept.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence, l.vatKind ?? null])).toEqual([
      [accountCodes.depositsHeld, 2400, 0, null],
      [accountCodes.otherIncome, 0, 2000, null],
      [accountCodes.vat, 0, 400, 'output'],
    ]);
    const keptUnregistered = depositKeptEntry({ ...base, amountPence: 2400, vatRateBp: 0, onlinePaymentId: 'o' });
    expect(keptUnregistered.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.depositsHeld, 2400, 0],
      [accountCodes.otherIncome, 0, 2400],
    ]);
    const back = onlineRefundEntry({ ...base, amountPence: 2400, refundId: 'r' });
    expect(back.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.depositsHeld, 2400, 0],
      [accountCodes.stripeClearing, 0, 2400],
    ]);
  });

  it('pay back a part of a held deposit leaving the rest held, and undo a sale or a kept deposit paid back later', () => {
    const held = onlinePaymentEntry({ ...base, amountPence: 2400, paymentId: 'p' });
    const part = onlineRefundEntry({ ...base, amountPence: 900, refundId: 'r' });
    const net = (code: string) =>
      [held, part]
        .flatMap((e) => e.lines)
        .reduce((sum, l) => sum + (l.accountCode === code ? l.creditPence - l.debitPence : 0), 0);
    expect(net(accountCodes.depositsHeld)).toBe(1500);
    const sale = { style: 'sensual' as const, serviceType: 'naturist', vatRateBp: 2000 };
    const undone = onlineSaleRefundEntry({ ...base, amountPence: 1200, sale, refundId: 'r' });
    expect(undone.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence, l.vatKind ?? null])).toEqual([
      [accountCodes.salesSensual, 1000, 0, null],
      [accountCodes.vat, 200, 0, 'output'],
      [accountCodes.stripeClearing, 0, 1200, null],
    ]);
    const kept = keptDepositRefundEntry({ ...base, amountPence: 2400, vatRateBp: 2000, refundId: 'r' });
    expect(kept.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence, l.vatKind ?? null])).toEqual([
      [accountCodes.otherIncome, 2000, 0, null],
      [accountCodes.vat, 400, 0, 'output'],
      [accountCodes.stripeClearing, 0, 2400, null],
    ]);
  });
});

describe('the posting of a no-show fee (issue 13, decision 054)', () => {
  it('puts the whole fee in Stripe clearing and splits it into other income and output VAT at the sales rate', () => {
    fc.assert(
      fc.property(pence, rate, (amountPence, vatRateBp) => {
        const draft = noShowFeeEntry({ ...base, paymentId: 'p', amountPence, vatRateBp });
        const net = netByAccount([draft]);
        expect(net.get(accountCodes.stripeClearing)).toBe(amountPence);
        expect((net.get(accountCodes.otherIncome) ?? 0) + (net.get(accountCodes.vat) ?? 0)).toBe(-amountPence);
        expect((net.get(accountCodes.vat) ?? 0) + vatInGross(amountPence, vatRateBp)).toBe(0);
        expect(draft.lines.filter((l) => l.accountCode === accountCodes.vat).every((l) => l.vatKind === 'output')).toBe(
          true,
        );
      }),
    );
  });
});

describe("postings of Stripe's fees and payouts (issue 13, decision 054)", () => {
  it('move Stripe clearing exactly as the transaction moves the Stripe balance, less what was posted elsewhere', () => {
    fc.assert(
      fc.property(balanceTransaction, (transaction) => {
        const draft = stripeBalanceEntry({ ...base, transaction });
        const net = netByAccount(draft ? [draft] : []);
        // A payment's or a refund's own amount was posted when it happened: only the fee is new.
        const expected = postedElsewhere.includes(transaction.type)
          ? -transaction.fee
          : transaction.amount - transaction.fee;
        expect((net.get(accountCodes.stripeClearing) ?? 0) - expected).toBe(0);
        if (draft) expect(difference(draft)).toBe(0);
        // Stripe's fees carry no VAT line (exempt).
        expect(net.has(accountCodes.vat)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('post a card payment fee to card processing fees and a payout to the bank', () => {
    const fee = stripeBalanceEntry({ ...base, transaction: { id: 'txn_a', type: 'charge', amount: 2000, fee: 50 } });
    expect(fee?.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.cardProcessingFees, 50, 0],
      [accountCodes.stripeClearing, 0, 50],
    ]);
    const payout = stripeBalanceEntry({
      ...base,
      transaction: { id: 'txn_b', type: 'payout', amount: -3900, fee: 0 },
    });
    expect(payout?.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.bank, 3900, 0],
      [accountCodes.stripeClearing, 0, 3900],
    ]);
    expect(payout?.sourceId).toBe('txn_b');
    expect(stripeBalanceEntry({ ...base, transaction: { id: 'txn_c', type: 'refund', amount: -2000, fee: 0 } })).toBe(
      null,
    );
  });
});

describe('postings of gift vouchers (issue 13)', () => {
  it('leave nothing owed once a voucher is spent in any parts and expired, with VAT counted once', () => {
    fc.assert(
      fc.property(
        voucherOf,
        pence,
        fc.array(share100, { maxLength: 8 }),
        sale,
        fc.boolean(),
        (voucher, value, parts, redemptionSale, expires) => {
          const entries = [voucherSoldEntry({ ...base, voucher, amountPence: value, method: 'cash' })];
          let balance = value;
          for (const part of parts) {
            if (balance === 0) break;
            const amount = Math.max(1, Math.floor((balance * part) / 100));
            entries.push(
              voucherRedeemedEntry({
                ...base,
                redemptionId: 'r',
                voucher,
                balanceBeforePence: balance,
                amountPence: amount,
                sale: redemptionSale,
              }),
            );
            balance -= amount;
          }
          if (expires && balance > 0) {
            entries.push(voucherExpiredEntry({ ...base, voucher, balancePence: balance }));
            balance = 0;
          }
          const net = netByAccount(entries);
          // What is still owed is the balance left (net of VAT for a treatment, whose VAT was paid at sale).
          const owed = voucher.kind === 'treatment' ? voucherNetOf(balance, voucher.vatRateBp) : balance;
          expect(0 - (net.get(accountCodes.vouchersOutstanding) ?? 0)).toBe(owed);
          expect(net.get(accountCodes.cash)).toBe(value);
          for (const entry of entries) expect(difference(entry)).toBe(0);
          // A treatment's VAT is all counted at sale, whatever happens after.
          if (voucher.kind === 'treatment')
            expect(0 - (net.get(accountCodes.vat) ?? 0)).toBe(vatInGross(value, voucher.vatRateBp));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('owe again exactly what parts given back put on the voucher, in any order, with VAT back as charged', () => {
    fc.assert(
      fc.property(
        voucherOf,
        pence,
        fc.array(fc.tuple(share100, fc.boolean()), { minLength: 1, maxLength: 8 }),
        sale,
        (voucher, value, parts, redemptionSale) => {
          const entries = [voucherSoldEntry({ ...base, voucher, amountPence: value, method: 'cash' })];
          let balance = value;
          const spent: { amount: number; vat: number }[] = [];
          for (const [part, giveBackOne] of parts) {
            if (giveBackOne && spent.length > 0) {
              // Any earlier part, not only the last: bookings are cancelled in any order.
              const [back] = spent.splice(part % spent.length, 1) as [{ amount: number; vat: number }];
              entries.push(
                voucherReturnedEntry({
                  ...base,
                  redemptionId: 'r',
                  voucher,
                  balanceBeforePence: balance,
                  amountPence: back.amount,
                  vatPence: back.vat,
                  sale: redemptionSale,
                }),
              );
              balance += back.amount;
              continue;
            }
            if (balance === 0) continue;
            const amount = Math.max(1, Math.floor((balance * part) / 100));
            const redeemed = voucherRedeemedEntry({
              ...base,
              redemptionId: 'r',
              voucher,
              balanceBeforePence: balance,
              amountPence: amount,
              sale: redemptionSale,
            });
            entries.push(redeemed);
            const vat = redeemed.lines.filter((l) => l.accountCode === accountCodes.vat);
            spent.push({ amount, vat: vat.reduce((sum, l) => sum + l.creditPence, 0) });
            balance -= amount;
          }
          const net = netByAccount(entries);
          const owed = voucher.kind === 'treatment' ? voucherNetOf(balance, voucher.vatRateBp) : balance;
          expect(0 - (net.get(accountCodes.vouchersOutstanding) ?? 0)).toBe(owed);
          for (const entry of entries) expect(difference(entry)).toBe(0);
          // Sales and VAT hold only what the parts still spent made of them.
          const spentVat = spent.reduce((sum, p) => sum + p.vat, 0);
          const saleVat = voucher.kind === 'treatment' ? vatInGross(value, voucher.vatRateBp) : spentVat;
          expect(0 - (net.get(accountCodes.vat) ?? 0)).toBe(saleVat);
          const sales =
            redemptionSale.style === 'therapeutic' ? '4000' : redemptionSale.style === 'sensual' ? '4010' : '4090';
          const spentNet =
            voucher.kind === 'treatment'
              ? voucherNetOf(value, voucher.vatRateBp) - voucherNetOf(balance, voucher.vatRateBp)
              : spent.reduce((sum, p) => sum + p.amount - p.vat, 0);
          expect(0 - (net.get(sales) ?? 0)).toBe(spentNet);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('count VAT at sale for a treatment and at redemption for an amount, and none on what expires', () => {
    const treatment = { voucherId: 'v', kind: 'treatment' as const, vatRateBp: 2000 };
    const amount = { voucherId: 'v', kind: 'amount' as const, vatRateBp: 0 };
    const sold = voucherSoldEntry({ ...base, voucher: treatment, amountPence: 7000, method: 'online' });
    expect(sold.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.stripeClearing, 7000, 0],
      [accountCodes.vouchersOutstanding, 0, 5833],
      [accountCodes.vat, 0, 1167],
    ]);
    const soldAmount = voucherSoldEntry({ ...base, voucher: amount, amountPence: 5000, method: 'card' });
    expect(soldAmount.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.cardClearing, 5000, 0],
      [accountCodes.vouchersOutstanding, 0, 5000],
    ]);
    const sale = { style: 'sensual' as const, serviceType: 'naturist', vatRateBp: 2000 };
    const spent = voucherRedeemedEntry({
      ...base,
      redemptionId: 'r',
      voucher: amount,
      balanceBeforePence: 5000,
      amountPence: 1200,
      sale,
    });
    expect(spent.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.vouchersOutstanding, 1200, 0],
      [accountCodes.salesSensual, 0, 1000],
      [accountCodes.vat, 0, 200],
    ]);
    const expired = voucherExpiredEntry({ ...base, voucher: amount, balancePence: 3800 });
    expect(expired.lines.map((l) => [l.accountCode, l.debitPence, l.creditPence])).toEqual([
      [accountCodes.vouchersOutstanding, 3800, 0],
      [accountCodes.otherIncome, 0, 3800],
    ]);
  });
});
