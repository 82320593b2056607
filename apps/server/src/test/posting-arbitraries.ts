// Arbitrary money events for the ledger's property tests: the pure postings tests and the database's own check.
import { vatOnNet } from '@app/shared';
import fc from 'fast-check';
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
  keptDepositRefundEntry,
  noShowFeeEntry,
  onlinePaymentEntry,
  onlineRefundEntry,
  onlineSaleRefundEntry,
  paymentAppliedToInvoiceEntry,
  type StripeBalanceTransaction,
  stripeBalanceEntry,
} from '../modules/ledger/postings.ts';
import { voucherExpiredEntry, voucherRedeemedEntry, voucherSoldEntry } from '../modules/ledger/voucher-postings.ts';

export const pence = fc.integer({ min: 1, max: 5_000_000 });
export const rate = fc.constantFrom(0, 500, 2000);
export const method = fc.constantFrom('cash', 'card', 'bank_transfer', 'owner') as fc.Arbitrary<
  'cash' | 'card' | 'bank_transfer' | 'owner'
>;
export const style = fc.constantFrom('therapeutic', 'sensual', null) as fc.Arbitrary<'therapeutic' | 'sensual' | null>;
export const sale = fc.record({ style, serviceType: fc.constantFrom('swedish', 'naturist', null), vatRateBp: rate });
export const invoiceLines = fc.array(
  fc.record({ net: pence, rate, style, serviceType: fc.constantFrom('swedish', null) }).map((line) => ({
    netPence: line.net,
    vatPence: vatOnNet(line.net, line.rate),
    style: line.style,
    serviceType: line.serviceType,
  })),
  { minLength: 1, maxLength: 6 },
);
export const base = { date: '2026-03-01', description: 'x' };
export const share100 = fc.integer({ min: 1, max: 100 });
export const voucherOf = fc
  .record({ kind: fc.constantFrom('amount' as const, 'treatment' as const), vatRateBp: rate })
  .map((v) => ({ voucherId: 'v', kind: v.kind, vatRateBp: v.kind === 'amount' ? 0 : v.vatRateBp }));

/** Any Stripe balance transaction: its type, a signed amount and a fee (negative when Stripe gives one back). */
export const balanceTransaction: fc.Arbitrary<StripeBalanceTransaction> = fc.record({
  id: fc.constant('txn_1'),
  type: fc.constantFrom(
    'charge',
    'payment',
    'refund',
    'payment_refund',
    'payout',
    'payout_failure',
    'stripe_fee',
    'adjustment',
    'dispute',
  ),
  amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
  fee: fc.integer({ min: -10_000, max: 200_000 }),
});
export const postedElsewhere = ['charge', 'payment', 'refund', 'payment_refund'];

/** Any one money event the product posts, built from arbitrary amounts and rates. */
export const anyEntry: fc.Arbitrary<EntryDraft> = fc.oneof(
  fc.record({ amountPence: pence, method, sale }).map((e) => bookingPaymentEntry({ ...base, ...e, paymentId: 'p' })),
  fc.record({ amountPence: pence, method, sale }).map((e) => bookingRefundEntry({ ...base, ...e, refundId: 'r' })),
  invoiceLines.map((lines) => invoiceIssuedEntry({ ...base, invoiceId: 'i', lines })),
  invoiceLines.map((lines) => creditNoteEntry({ ...base, creditNoteId: 'c', lines })),
  fc.record({ amountPence: pence, method }).map((e) => invoicePaymentEntry({ ...base, ...e, paymentId: 'p' })),
  fc.record({ amountPence: pence, method }).map((e) => invoiceRefundEntry({ ...base, ...e, refundId: 'r' })),
  fc.record({ amountPence: pence, sale }).map((e) => paymentAppliedToInvoiceEntry({ ...base, ...e, paymentId: 'p' })),
  pence.map((amountPence) => onlinePaymentEntry({ ...base, amountPence, paymentId: 'p' })),
  pence.map((amountPence) => onlineRefundEntry({ ...base, amountPence, refundId: 'r' })),
  fc.record({ amountPence: pence, sale }).map((e) => depositAppliedEntry({ ...base, ...e, onlinePaymentId: 'o' })),
  fc
    .record({ amountPence: pence, vatRateBp: rate })
    .map((e) => depositKeptEntry({ ...base, ...e, onlinePaymentId: 'o' })),
  fc.record({ amountPence: pence, vatRateBp: rate }).map((e) => noShowFeeEntry({ ...base, ...e, paymentId: 'p' })),
  balanceTransaction
    .map((transaction) => stripeBalanceEntry({ ...base, transaction }))
    .filter((draft): draft is EntryDraft => draft !== null),
  fc.record({ amountPence: pence, sale }).map((e) => onlineSaleRefundEntry({ ...base, ...e, refundId: 'r' })),
  fc
    .record({ amountPence: pence, vatRateBp: rate })
    .map((e) => keptDepositRefundEntry({ ...base, ...e, refundId: 'r' })),
  fc
    .record({ amountPence: pence, method: fc.oneof(method, fc.constant('online' as const)), voucher: voucherOf })
    .map((e) => voucherSoldEntry({ ...base, ...e })),
  fc
    .record({ balance: pence, spend: share100, sale, voucher: voucherOf })
    .map((e) =>
      voucherRedeemedEntry({
        ...base,
        redemptionId: 'r',
        voucher: e.voucher,
        balanceBeforePence: e.balance,
        amountPence: Math.max(1, Math.floor((e.balance * e.spend) / 100)),
        sale: e.sale,
      }),
    )
    // A penny of a single-purpose voucher can carry no net once its VAT is rounded: nothing is posted then.
    .filter((e) => e.lines.length > 0),
  fc.record({ balancePence: pence, voucher: voucherOf }).map((e) => voucherExpiredEntry({ ...base, ...e })),
  fc.record({ amountPence: pence, share: fc.integer({ min: 0, max: 100 }), method }).map((e) =>
    expenseEntry({
      ...base,
      expenseId: 'e',
      expenseAccountCode: '5000',
      amountPence: e.amountPence,
      vatPence: Math.floor((e.amountPence * e.share) / 600),
      method: e.method,
    }),
  ),
);
