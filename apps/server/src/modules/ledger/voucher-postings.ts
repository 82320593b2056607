import { accountCodes, vatInGross } from '@app/shared';
import {
  type AmountPosting,
  credit,
  debit,
  dimsOf,
  type EntryDraft,
  entry,
  moved,
  type Posting,
  type PrepaidMethod,
  prepaidSoldLines,
  type SaleContext,
  saleLines,
  salesAccountFor,
  vatInclusiveLines,
} from './postings.ts';

// What gift vouchers post to the ledger (decision 051), pure as the rest of the postings.

/**
 * The part of a single-purpose voucher's balance still owed net of VAT: its VAT was due when it was sold, so the
 * liability carries the net amount. Working from the balance (not each redemption) makes the parts add up to the
 * net of the whole, whatever the rounding.
 */
export function voucherNetOf(balancePence: number, vatRateBp: number): number {
  return balancePence - vatInGross(balancePence, vatRateBp);
}

export type VoucherForPosting = {
  voucherId: string;
  kind: 'amount' | 'treatment';
  /** The VAT rate charged at sale: single-purpose only (zero for an amount). */
  vatRateBp: number;
};

/** How much of a treatment voucher's net liability goes between two of its balances (`higher` ≥ `lower`). */
const netBetween = (voucher: VoucherForPosting, higher: number, lower: number) =>
  voucherNetOf(higher, voucher.vatRateBp) - voucherNetOf(lower, voucher.vatRateBp);

/**
 * A voucher sold: the money comes in (by its method, or into Stripe clearing when bought online) and is owed to
 * the holder. An amount (multi-purpose) carries no VAT yet; a named treatment (single-purpose) has its VAT due now.
 */
export function voucherSoldEntry(
  input: AmountPosting & { voucher: VoucherForPosting; method: PrepaidMethod },
): EntryDraft {
  const vat = input.voucher.kind === 'treatment' ? vatInGross(input.amountPence, input.voucher.vatRateBp) : 0;
  return entry(
    input,
    { type: 'voucher_sale', id: input.voucher.voucherId },
    prepaidSoldLines({
      method: input.method,
      owed: accountCodes.vouchersOutstanding,
      amountPence: input.amountPence,
      vatPence: vat,
    }),
  );
}

/**
 * Part or all of a voucher spent on a booking: what was owed becomes a sale of the booking's style. An amount's VAT
 * is due now, at the booking's rate; a treatment's was paid at sale, so only its net moves.
 */
export function voucherRedeemedEntry(
  input: AmountPosting & {
    redemptionId: string;
    voucher: VoucherForPosting;
    balanceBeforePence: number;
    sale: SaleContext;
  },
): EntryDraft {
  const net = netBetween(input.voucher, input.balanceBeforePence, input.balanceBeforePence - input.amountPence);
  return entry(
    input,
    { type: 'voucher_redeemed', id: input.redemptionId },
    input.voucher.kind === 'amount'
      ? saleLines(accountCodes.vouchersOutstanding, input)
      : [
          debit(accountCodes.vouchersOutstanding, net),
          credit(salesAccountFor(input.sale.style), net, dimsOf(input.sale)),
        ],
  );
}

/**
 * A redemption undone (the booking it paid for was cancelled with the voucher given back): the sale is taken back
 * and the business owes the voucher's holder again. An amount's VAT comes back exactly as it was charged (`vatPence`,
 * read from the redemption's own entry); a treatment moves net(balance after) - net(balance before), so 2310 still
 * equals the net of what the voucher holds.
 */
export function voucherReturnedEntry(
  input: AmountPosting & {
    redemptionId: string;
    voucher: VoucherForPosting;
    balanceBeforePence: number;
    vatPence: number;
    sale: Pick<SaleContext, 'style' | 'serviceType'>;
  },
): EntryDraft {
  const sales = salesAccountFor(input.sale.style);
  const net = netBetween(input.voucher, input.balanceBeforePence + input.amountPence, input.balanceBeforePence);
  return entry(
    input,
    { type: 'voucher_returned', id: input.redemptionId },
    input.voucher.kind === 'amount'
      ? vatInclusiveLines({
          from: accountCodes.vouchersOutstanding,
          income: sales,
          amountPence: input.amountPence,
          vatPence: input.vatPence,
          dims: dimsOf(input.sale),
          undone: true,
        })
      : [debit(sales, net, dimsOf(input.sale)), credit(accountCodes.vouchersOutstanding, net)],
  );
}

/**
 * A voucher expired with money left: the business no longer owes it, and it becomes other income. No VAT: an
 * unspent amount was never a supply; a treatment's VAT was already paid at sale (decision 051).
 */
export function voucherExpiredEntry(input: Posting & { voucher: VoucherForPosting; balancePence: number }): EntryDraft {
  const owed =
    input.voucher.kind === 'treatment' ? voucherNetOf(input.balancePence, input.voucher.vatRateBp) : input.balancePence;
  return entry(
    input,
    { type: 'voucher_expired', id: input.voucher.voucherId },
    moved(accountCodes.vouchersOutstanding, accountCodes.otherIncome, owed),
  );
}
