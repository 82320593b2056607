import { accountCodes, type JournalSourceType, vatInGross } from '@app/shared';

/**
 * What each money event posts to the ledger, as pure functions: no I/O, so every rule is unit- and
 * property-tested. Amounts are whole pence; each draft balances by construction.
 */
export type LineDraft = {
  accountCode: string;
  debitPence: number;
  creditPence: number;
  style?: 'therapeutic' | 'sensual' | null;
  serviceType?: string | null;
  memo?: string;
  /** Set on VAT lines: output VAT on sales, input VAT on purchases. */
  vatKind?: 'output' | 'input' | null;
};

export type EntryDraft = {
  date: string;
  description: string;
  sourceType: JournalSourceType;
  sourceId: string | null;
  reversesEntryId?: string | null;
  lines: LineDraft[];
};

export type MoneyMethod = 'cash' | 'card' | 'bank_transfer' | 'owner';
export type Style = 'therapeutic' | 'sensual';

export function moneyAccountFor(method: MoneyMethod): string {
  switch (method) {
    case 'cash':
      return accountCodes.cash;
    case 'card':
      return accountCodes.cardClearing;
    case 'bank_transfer':
      return accountCodes.bank;
    case 'owner':
      // Paid from the owner's own pocket: the business owes it back, as capital introduced.
      return accountCodes.ownerEquity;
  }
}

export function salesAccountFor(style: Style | null | undefined): string {
  if (style === 'therapeutic') return accountCodes.salesTherapeutic;
  if (style === 'sensual') return accountCodes.salesSensual;
  return accountCodes.otherIncome;
}

const debit = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}): LineDraft => ({
  accountCode,
  debitPence: pence,
  creditPence: 0,
  ...extra,
});
const credit = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}): LineDraft => ({
  accountCode,
  debitPence: 0,
  creditPence: pence,
  ...extra,
});

const output = { vatKind: 'output' } as const;

/** Drops zero lines (a VAT line when no VAT is due) so no line carries nothing. */
function entry(draft: EntryDraft): EntryDraft {
  return { ...draft, lines: draft.lines.filter((line) => line.debitPence !== 0 || line.creditPence !== 0) };
}

export type SaleContext = { style: Style | null; serviceType: string | null; vatRateBp: number };

/** Money taken for a booking without an invoice: income is recognised as it is received. */
export function bookingPaymentEntry(input: {
  paymentId: string;
  date: string;
  amountPence: number;
  method: MoneyMethod;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'payment',
    sourceId: input.paymentId,
    lines: [
      debit(moneyAccountFor(input.method), input.amountPence),
      credit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
      credit(accountCodes.vat, vat, output),
    ],
  });
}

/** Money paid back for a booking that had no invoice: the sale is undone, VAT included. */
export function bookingRefundEntry(input: {
  refundId: string;
  date: string;
  amountPence: number;
  method: MoneyMethod;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'refund',
    sourceId: input.refundId,
    lines: [
      debit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
      debit(accountCodes.vat, vat, output),
      credit(moneyAccountFor(input.method), input.amountPence),
    ],
  });
}

export type InvoiceLineForPosting = {
  netPence: number;
  vatPence: number;
  style: Style | null;
  serviceType: string | null;
};

/** An issued invoice: the client owes the total; income and VAT are recognised per line. */
export function invoiceIssuedEntry(input: {
  invoiceId: string;
  date: string;
  description: string;
  lines: InvoiceLineForPosting[];
}): EntryDraft {
  const total = input.lines.reduce((sum, line) => sum + line.netPence + line.vatPence, 0);
  const vat = input.lines.reduce((sum, line) => sum + line.vatPence, 0);
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'invoice',
    sourceId: input.invoiceId,
    lines: [
      debit(accountCodes.receivables, total),
      ...input.lines.map((line) =>
        credit(salesAccountFor(line.style), line.netPence, { style: line.style, serviceType: line.serviceType }),
      ),
      credit(accountCodes.vat, vat, output),
    ],
  });
}

/** A credit note mirrors the invoice it cancels: income and VAT go back, the debt goes away. */
export function creditNoteEntry(input: {
  creditNoteId: string;
  date: string;
  description: string;
  lines: InvoiceLineForPosting[];
}): EntryDraft {
  const issued = invoiceIssuedEntry({ ...input, invoiceId: input.creditNoteId });
  return { ...mirrored(issued), sourceType: 'credit_note', sourceId: input.creditNoteId };
}

/** Money received against an invoice settles the debt. */
export function invoicePaymentEntry(input: {
  paymentId: string;
  date: string;
  amountPence: number;
  method: MoneyMethod;
  description: string;
}): EntryDraft {
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'invoice_payment',
    sourceId: input.paymentId,
    lines: [
      debit(moneyAccountFor(input.method), input.amountPence),
      credit(accountCodes.receivables, input.amountPence),
    ],
  });
}

/** Money paid back against an invoice (after a credit note): the client's credit is used up. */
export function invoiceRefundEntry(input: {
  refundId: string;
  date: string;
  amountPence: number;
  method: MoneyMethod;
  description: string;
}): EntryDraft {
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'refund',
    sourceId: input.refundId,
    lines: [
      debit(accountCodes.receivables, input.amountPence),
      credit(moneyAccountFor(input.method), input.amountPence),
    ],
  });
}

/**
 * A booking paid on the day and invoiced later: the payment had been recognised as a sale, so the
 * sale is taken back and the money settles the invoice instead (income is never counted twice).
 */
export function paymentAppliedToInvoiceEntry(input: {
  paymentId: string;
  date: string;
  amountPence: number;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'payment_applied',
    sourceId: input.paymentId,
    lines: [
      debit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
      debit(accountCodes.vat, vat, output),
      credit(accountCodes.receivables, input.amountPence),
    ],
  });
}

/** An expense: its account takes the cost net of reclaimable VAT; the money left by its method. */
export function expenseEntry(input: {
  expenseId: string;
  date: string;
  description: string;
  expenseAccountCode: string;
  amountPence: number;
  vatPence: number;
  method: MoneyMethod;
}): EntryDraft {
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'expense',
    sourceId: input.expenseId,
    lines: [
      debit(input.expenseAccountCode, input.amountPence - input.vatPence),
      debit(accountCodes.vat, input.vatPence, { vatKind: 'input' }),
      credit(moneyAccountFor(input.method), input.amountPence),
    ],
  });
}

/** Debits become credits: the entry that cancels another one exactly. */
function mirrored(draft: EntryDraft): EntryDraft {
  return {
    ...draft,
    lines: draft.lines.map((line) => ({ ...line, debitPence: line.creditPence, creditPence: line.debitPence })),
  };
}

export function reversalEntry(
  original: Omit<EntryDraft, 'reversesEntryId'> & { id: string; number: number },
  date: string,
  reason: string,
): EntryDraft {
  return {
    ...mirrored(original),
    date,
    description: `Reversal of entry ${original.number}: ${reason}`,
    sourceType: 'reversal',
    sourceId: original.sourceId,
    reversesEntryId: original.id,
  };
}

export function isBalanced(draft: EntryDraft): boolean {
  const difference = draft.lines.reduce((sum, line) => sum + line.debitPence - line.creditPence, 0);
  return difference === 0 && draft.lines.length >= 2;
}

// ---- Online payment through Stripe (issue 13) ----

/**
 * Money taken online before the appointment (a deposit or the whole price): Stripe holds it, and the business owes
 * the appointment, so it is a liability, not yet income. No VAT yet: the sale is recognised when it takes place.
 */
export function onlinePaymentEntry(input: {
  paymentId: string;
  date: string;
  amountPence: number;
  description: string;
}): EntryDraft {
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'payment',
    sourceId: input.paymentId,
    lines: [
      debit(accountCodes.stripeClearing, input.amountPence),
      credit(accountCodes.depositsHeld, input.amountPence),
    ],
  });
}

/** Money taken online paid back through Stripe while still held: the debt to the client goes with it. */
export function onlineRefundEntry(input: {
  refundId: string;
  date: string;
  amountPence: number;
  description: string;
}): EntryDraft {
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'refund',
    sourceId: input.refundId,
    lines: [
      debit(accountCodes.depositsHeld, input.amountPence),
      credit(accountCodes.stripeClearing, input.amountPence),
    ],
  });
}

/** The appointment took place: what was held becomes the sale, VAT included, as a payment on the day would. */
export function depositAppliedEntry(input: {
  onlinePaymentId: string;
  date: string;
  amountPence: number;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'deposit_applied',
    sourceId: input.onlinePaymentId,
    lines: [
      debit(accountCodes.depositsHeld, input.amountPence),
      credit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
      credit(accountCodes.vat, vat, output),
    ],
  });
}

/**
 * Kept after a late cancellation or a no-show: compensation for a supply that did not happen, so other income with
 * no VAT (HMRC: retained deposits for no-shows are outside the scope of VAT; decision 048).
 */
export function depositKeptEntry(input: {
  onlinePaymentId: string;
  date: string;
  amountPence: number;
  /** The sales VAT rate of the day: a kept deposit is consideration for the supply not taken up (decision 048). */
  vatRateBp: number;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.vatRateBp);
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'deposit_kept',
    sourceId: input.onlinePaymentId,
    lines: [
      debit(accountCodes.depositsHeld, input.amountPence),
      credit(accountCodes.otherIncome, input.amountPence - vat),
      credit(accountCodes.vat, vat, output),
    ],
  });
}

// ---- Stripe's fees and payouts, from its balance transactions (issue 13, decision 054) ----

/** The part of a Stripe balance transaction the books need (Stripe's own field names; amounts in pence). */
export type StripeBalanceTransaction = {
  id: string;
  type: string;
  /** Signed: what it added to (or took from) the Stripe balance before fees. */
  amount: number;
  /** Stripe's fee on it; negative when Stripe gives a fee back. */
  fee: number;
};

/** Money already in the books by another road: payments and refunds are posted when they happen (decision 047). */
const postedElsewhere = new Set(['charge', 'payment', 'refund', 'payment_refund']);
/** Money moved between the Stripe balance and the bank account. */
const payoutTypes = new Set(['payout', 'payout_cancel', 'payout_failure']);
/** Stripe's own charges to the business, other than the fee on a payment. */
const feeTypes = new Set(['stripe_fee', 'application_fee', 'tax_fee']);

/**
 * What one balance transaction changes in the books, so that Stripe clearing follows Stripe's balance: its fee
 * goes to card processing fees (no input VAT: Stripe's fees are exempt), a payout moves the money to the bank, and
 * anything else Stripe adds or takes (a dispute, an adjustment) is other income or a cost. Null when nothing is new.
 */
export function stripeBalanceEntry(input: {
  transaction: StripeBalanceTransaction;
  date: string;
  description: string;
}): EntryDraft | null {
  const { transaction: txn } = input;
  const clearing = accountCodes.stripeClearing;
  const lines: LineDraft[] = [];
  const memo = `Stripe ${txn.id}`;
  // Debit the account that gains what clearing loses (or credit it when clearing gains).
  const against = (accountCode: string, clearingLoses: number) => {
    if (clearingLoses > 0) lines.push(debit(accountCode, clearingLoses, { memo }), credit(clearing, clearingLoses));
    else if (clearingLoses < 0)
      lines.push(debit(clearing, -clearingLoses), credit(accountCode, -clearingLoses, { memo }));
  };
  against(accountCodes.cardProcessingFees, txn.fee);
  if (payoutTypes.has(txn.type)) against(accountCodes.bank, -txn.amount);
  else if (feeTypes.has(txn.type)) against(accountCodes.cardProcessingFees, -txn.amount);
  else if (!postedElsewhere.has(txn.type))
    against(txn.amount < 0 ? accountCodes.cardProcessingFees : accountCodes.otherIncome, -txn.amount);
  const draft = entry({
    date: input.date,
    description: input.description,
    sourceType: 'stripe_balance',
    sourceId: txn.id,
    lines,
  });
  return draft.lines.length ? draft : null;
}

/**
 * A no-show fee charged to the client's saved card (issue 13, decision 054): the money reaches Stripe clearing; the
 * fee is income, and VAT is due on it at the rate of the missed service when the business is registered (HMRC: a
 * charge for a service the client had the right to and did not use is consideration for that supply).
 */
export function noShowFeeEntry(input: {
  paymentId: string;
  date: string;
  amountPence: number;
  vatRateBp: number;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.vatRateBp);
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'no_show_fee',
    sourceId: input.paymentId,
    lines: [
      debit(accountCodes.stripeClearing, input.amountPence),
      credit(accountCodes.otherIncome, input.amountPence - vat),
      credit(accountCodes.vat, vat, output),
    ],
  });
}
/**
 * Money taken online paid back through Stripe after the appointment took place: the sale it became is undone with
 * its VAT, as a refund by hand undoes a sale taken on the day (decision 053).
 */
export function onlineSaleRefundEntry(input: {
  refundId: string;
  date: string;
  amountPence: number;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'refund',
    sourceId: input.refundId,
    lines: [
      debit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
      debit(accountCodes.vat, vat, output),
      credit(accountCodes.stripeClearing, input.amountPence),
    ],
  });
}

/** A kept deposit paid back after all (the owner's goodwill): the other income it became goes back, no VAT. */
export function keptDepositRefundEntry(input: {
  refundId: string;
  date: string;
  amountPence: number;
  vatRateBp: number;
  description: string;
}): EntryDraft {
  const vat = vatInGross(input.amountPence, input.vatRateBp);
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'refund',
    sourceId: input.refundId,
    lines: [
      debit(accountCodes.otherIncome, input.amountPence - vat),
      debit(accountCodes.vat, vat, output),
      credit(accountCodes.stripeClearing, input.amountPence),
    ],
  });
}

// ---- Gift vouchers (issue 13, decision 051) ----

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

/**
 * A voucher sold: the money comes in (by its method, or into Stripe clearing when bought online) and is owed to
 * the holder. An amount (multi-purpose) carries no VAT yet; a named treatment (single-purpose) has its VAT due now.
 */
export function voucherSoldEntry(input: {
  voucher: VoucherForPosting;
  date: string;
  amountPence: number;
  method: MoneyMethod | 'online';
  description: string;
}): EntryDraft {
  const vat = input.voucher.kind === 'treatment' ? vatInGross(input.amountPence, input.voucher.vatRateBp) : 0;
  const moneyAccount = input.method === 'online' ? accountCodes.stripeClearing : moneyAccountFor(input.method);
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'voucher_sale',
    sourceId: input.voucher.voucherId,
    lines: [
      debit(moneyAccount, input.amountPence),
      credit(accountCodes.vouchersOutstanding, input.amountPence - vat),
      credit(accountCodes.vat, vat, output),
    ],
  });
}

/**
 * Part or all of a voucher spent on a booking: what was owed becomes a sale of the booking's style. An amount's VAT
 * is due now, at the booking's rate; a treatment's was paid at sale, so only its net moves.
 */
export function voucherRedeemedEntry(input: {
  redemptionId: string;
  voucher: VoucherForPosting;
  date: string;
  balanceBeforePence: number;
  amountPence: number;
  sale: SaleContext;
  description: string;
}): EntryDraft {
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  const lines =
    input.voucher.kind === 'amount'
      ? (() => {
          const vat = vatInGross(input.amountPence, input.sale.vatRateBp);
          return [
            debit(accountCodes.vouchersOutstanding, input.amountPence),
            credit(salesAccountFor(input.sale.style), input.amountPence - vat, dims),
            credit(accountCodes.vat, vat, output),
          ];
        })()
      : (() => {
          const net =
            voucherNetOf(input.balanceBeforePence, input.voucher.vatRateBp) -
            voucherNetOf(input.balanceBeforePence - input.amountPence, input.voucher.vatRateBp);
          return [debit(accountCodes.vouchersOutstanding, net), credit(salesAccountFor(input.sale.style), net, dims)];
        })();
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'voucher_redeemed',
    sourceId: input.redemptionId,
    lines,
  });
}

/**
 * A redemption undone (the booking it paid for was cancelled with the voucher given back): the sale is taken back
 * and the business owes the voucher's holder again. An amount's VAT comes back exactly as it was charged (`vatPence`,
 * read from the redemption's own entry); a treatment moves net(balance after) - net(balance before), so 2310 still
 * equals the net of what the voucher holds.
 */
export function voucherReturnedEntry(input: {
  redemptionId: string;
  voucher: VoucherForPosting;
  date: string;
  balanceBeforePence: number;
  amountPence: number;
  vatPence: number;
  sale: Pick<SaleContext, 'style' | 'serviceType'>;
  description: string;
}): EntryDraft {
  const dims = { style: input.sale.style, serviceType: input.sale.serviceType };
  const sales = salesAccountFor(input.sale.style);
  const lines =
    input.voucher.kind === 'amount'
      ? [
          debit(sales, input.amountPence - input.vatPence, dims),
          debit(accountCodes.vat, input.vatPence, output),
          credit(accountCodes.vouchersOutstanding, input.amountPence),
        ]
      : (() => {
          const net =
            voucherNetOf(input.balanceBeforePence + input.amountPence, input.voucher.vatRateBp) -
            voucherNetOf(input.balanceBeforePence, input.voucher.vatRateBp);
          return [debit(sales, net, dims), credit(accountCodes.vouchersOutstanding, net)];
        })();
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'voucher_returned',
    sourceId: input.redemptionId,
    lines,
  });
}

/**
 * A voucher expired with money left: the business no longer owes it, and it becomes other income. No VAT: an
 * unspent amount was never a supply; a treatment's VAT was already paid at sale (decision 051).
 */
export function voucherExpiredEntry(input: {
  voucher: VoucherForPosting;
  date: string;
  balancePence: number;
  description: string;
}): EntryDraft {
  const owed =
    input.voucher.kind === 'treatment' ? voucherNetOf(input.balancePence, input.voucher.vatRateBp) : input.balancePence;
  return entry({
    date: input.date,
    description: input.description,
    sourceType: 'voucher_expired',
    sourceId: input.voucher.voucherId,
    lines: [debit(accountCodes.vouchersOutstanding, owed), credit(accountCodes.otherIncome, owed)],
  });
}
