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

export const debit = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}): LineDraft => ({
  accountCode,
  debitPence: pence,
  creditPence: 0,
  ...extra,
});
export const credit = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}): LineDraft => ({
  accountCode,
  debitPence: 0,
  creditPence: pence,
  ...extra,
});

export const output = { vatKind: 'output' } as const;

/** What every posting is told by its event: the accounting date and the words the journal shows. */
export type Posting = { date: string; description: string };
/** A posting of one amount of money. */
export type AmountPosting = Posting & { amountPence: number };

/** The entry of an event; zero lines (a VAT line when no VAT is due) are dropped so no line carries nothing. */
export function entry(
  posting: Posting,
  source: { type: JournalSourceType; id: string | null },
  lines: LineDraft[],
): EntryDraft {
  return {
    date: posting.date,
    description: posting.description,
    sourceType: source.type,
    sourceId: source.id,
    lines: lines.filter((line) => line.debitPence !== 0 || line.creditPence !== 0),
  };
}

/** Money moved whole from one account to another: `to` is debited, `from` credited. */
export const moved = (to: string, from: string, pence: number): LineDraft[] => [debit(to, pence), credit(from, pence)];

/**
 * An amount with VAT inside it becomes income: `from` gives the whole, `income` takes it net of `vatPence`, and the
 * VAT is owed. `undone` posts the mirror image (the income and its VAT go back), in the order the journal lists it.
 */
export function vatInclusiveLines(lines: {
  from: string;
  income: string;
  amountPence: number;
  vatPence: number;
  dims?: Partial<LineDraft>;
  undone?: boolean;
}): LineDraft[] {
  const { from, income, amountPence, vatPence, dims = {} } = lines;
  return lines.undone
    ? [
        debit(income, amountPence - vatPence, dims),
        debit(accountCodes.vat, vatPence, output),
        credit(from, amountPence),
      ]
    : [
        debit(from, amountPence),
        credit(income, amountPence - vatPence, dims),
        credit(accountCodes.vat, vatPence, output),
      ];
}

/** How prepaid value (a gift voucher, a course of sessions) is paid for: in person by a method, or online by card. */
export type PrepaidMethod = MoneyMethod | 'online';

/**
 * Prepaid value sold: the money comes in (by its method, or into Stripe clearing when bought online) and is owed to
 * the holder on `owed`, net of the VAT due at sale (none for what is not yet a supply).
 */
export function prepaidSoldLines(sale: {
  method: PrepaidMethod;
  owed: string;
  amountPence: number;
  vatPence: number;
}): LineDraft[] {
  return vatInclusiveLines({
    from: sale.method === 'online' ? accountCodes.stripeClearing : moneyAccountFor(sale.method),
    income: sale.owed,
    amountPence: sale.amountPence,
    vatPence: sale.vatPence,
  });
}

export type SaleContext = { style: Style | null; serviceType: string | null; vatRateBp: number };

/** The dimensions of income analysis a sales line carries. */
export const dimsOf = (sale: Pick<SaleContext, 'style' | 'serviceType'>) => ({
  style: sale.style,
  serviceType: sale.serviceType,
});

/** A sale of a booking's treatment, VAT inclusive at the sale's rate, paid from `from` (or paid back to it). */
export function saleLines(from: string, posting: AmountPosting & { sale: SaleContext }, undone = false): LineDraft[] {
  return vatInclusiveLines({
    from,
    income: salesAccountFor(posting.sale.style),
    amountPence: posting.amountPence,
    vatPence: vatInGross(posting.amountPence, posting.sale.vatRateBp),
    dims: dimsOf(posting.sale),
    undone,
  });
}

/** Money taken for a booking without an invoice: income is recognised as it is received. */
export function bookingPaymentEntry(
  input: AmountPosting & { paymentId: string; method: MoneyMethod; sale: SaleContext },
): EntryDraft {
  return entry(input, { type: 'payment', id: input.paymentId }, saleLines(moneyAccountFor(input.method), input));
}

/** Money paid back for a booking that had no invoice: the sale is undone, VAT included. */
export function bookingRefundEntry(
  input: AmountPosting & { refundId: string; method: MoneyMethod; sale: SaleContext },
): EntryDraft {
  return entry(input, { type: 'refund', id: input.refundId }, saleLines(moneyAccountFor(input.method), input, true));
}

export type InvoiceLineForPosting = {
  netPence: number;
  vatPence: number;
  style: Style | null;
  serviceType: string | null;
};

/** An issued invoice: the client owes the total; income and VAT are recognised per line. */
export function invoiceIssuedEntry(input: Posting & { invoiceId: string; lines: InvoiceLineForPosting[] }): EntryDraft {
  const total = input.lines.reduce((sum, line) => sum + line.netPence + line.vatPence, 0);
  const vat = input.lines.reduce((sum, line) => sum + line.vatPence, 0);
  return entry(input, { type: 'invoice', id: input.invoiceId }, [
    debit(accountCodes.receivables, total),
    ...input.lines.map((line) => credit(salesAccountFor(line.style), line.netPence, dimsOf(line))),
    credit(accountCodes.vat, vat, output),
  ]);
}

/** A credit note mirrors the invoice it cancels: income and VAT go back, the debt goes away. */
export function creditNoteEntry(input: Posting & { creditNoteId: string; lines: InvoiceLineForPosting[] }): EntryDraft {
  const issued = invoiceIssuedEntry({ ...input, invoiceId: input.creditNoteId });
  return { ...mirrored(issued), sourceType: 'credit_note', sourceId: input.creditNoteId };
}

/** Money received against an invoice settles the debt. */
export function invoicePaymentEntry(input: AmountPosting & { paymentId: string; method: MoneyMethod }): EntryDraft {
  return entry(
    input,
    { type: 'invoice_payment', id: input.paymentId },
    moved(moneyAccountFor(input.method), accountCodes.receivables, input.amountPence),
  );
}

/** Money paid back against an invoice (after a credit note): the client's credit is used up. */
export function invoiceRefundEntry(input: AmountPosting & { refundId: string; method: MoneyMethod }): EntryDraft {
  return entry(
    input,
    { type: 'refund', id: input.refundId },
    moved(accountCodes.receivables, moneyAccountFor(input.method), input.amountPence),
  );
}

/**
 * A booking paid on the day and invoiced later: the payment had been recognised as a sale, so the
 * sale is taken back and the money settles the invoice instead (income is never counted twice).
 */
export function paymentAppliedToInvoiceEntry(
  input: AmountPosting & { paymentId: string; sale: SaleContext },
): EntryDraft {
  return entry(
    input,
    { type: 'payment_applied', id: input.paymentId },
    saleLines(accountCodes.receivables, input, true),
  );
}

/** An expense: its account takes the cost net of reclaimable VAT; the money left by its method. */
export function expenseEntry(
  input: AmountPosting & { expenseId: string; expenseAccountCode: string; vatPence: number; method: MoneyMethod },
): EntryDraft {
  return entry(input, { type: 'expense', id: input.expenseId }, [
    debit(input.expenseAccountCode, input.amountPence - input.vatPence),
    debit(accountCodes.vat, input.vatPence, { vatKind: 'input' }),
    credit(moneyAccountFor(input.method), input.amountPence),
  ]);
}

/** Debits become credits: the entry that cancels another one exactly. */
export function mirrored(draft: EntryDraft): EntryDraft {
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

// ---- Online payment through Stripe (decisions 047, 048, 053) ----

/**
 * Money paid before the appointment (a deposit or the whole price) into `into`: the business owes the appointment, so
 * it is a liability, not yet income. No VAT yet: the sale is recognised when it takes place.
 */
export function heldPaymentEntry(into: string, input: AmountPosting & { paymentId: string }): EntryDraft {
  return entry(
    input,
    { type: 'payment', id: input.paymentId },
    moved(into, accountCodes.depositsHeld, input.amountPence),
  );
}

/** Money still held paid back out of `from`: the debt to the client goes with it. */
export function heldRefundEntry(from: string, input: AmountPosting & { refundId: string }): EntryDraft {
  return entry(
    input,
    { type: 'refund', id: input.refundId },
    moved(accountCodes.depositsHeld, from, input.amountPence),
  );
}

/** Money taken online before the appointment: Stripe holds it. */
export const onlinePaymentEntry = (input: AmountPosting & { paymentId: string }) =>
  heldPaymentEntry(accountCodes.stripeClearing, input);

/** Money taken online paid back through Stripe while still held. */
export const onlineRefundEntry = (input: AmountPosting & { refundId: string }) =>
  heldRefundEntry(accountCodes.stripeClearing, input);

/** The appointment took place: what was held becomes the sale, VAT included, as a payment on the day would. */
export function depositAppliedEntry(input: AmountPosting & { onlinePaymentId: string; sale: SaleContext }): EntryDraft {
  return entry(
    input,
    { type: 'deposit_applied', id: input.onlinePaymentId },
    saleLines(accountCodes.depositsHeld, input),
  );
}

/** Other income with the VAT of the day inside it, from `from` (or paid back to it): money kept for a supply. */
function keptMoneyLines(from: string, input: AmountPosting & { vatRateBp: number }, undone = false): LineDraft[] {
  return vatInclusiveLines({
    from,
    income: accountCodes.otherIncome,
    amountPence: input.amountPence,
    vatPence: vatInGross(input.amountPence, input.vatRateBp),
    undone,
  });
}

/**
 * Kept after a late cancellation or a no-show: compensation for the supply the client had the right to and did not
 * take up, so other income with VAT at the sales rate of the day inside it (decision 048).
 */
export function depositKeptEntry(
  input: AmountPosting & {
    onlinePaymentId: string;
    /** The sales VAT rate of the day: a kept deposit is consideration for the supply not taken up (decision 048). */
    vatRateBp: number;
  },
): EntryDraft {
  return entry(
    input,
    { type: 'deposit_kept', id: input.onlinePaymentId },
    keptMoneyLines(accountCodes.depositsHeld, input),
  );
}

// ---- Stripe's fees and payouts, from its balance transactions (decision 054) ----

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
  const draft = entry(input, { type: 'stripe_balance', id: txn.id }, lines);
  return draft.lines.length ? draft : null;
}

/**
 * A no-show fee charged to the client's saved card (decision 054): the money reaches Stripe clearing; the fee is
 * income, and VAT is due on it at the rate of the missed service when the business is registered (HMRC: a charge for
 * a service the client had the right to and did not use is consideration for that supply).
 */
export function noShowFeeEntry(input: AmountPosting & { paymentId: string; vatRateBp: number }): EntryDraft {
  return entry(input, { type: 'no_show_fee', id: input.paymentId }, keptMoneyLines(accountCodes.stripeClearing, input));
}

/**
 * Money taken online paid back through Stripe after the appointment took place: the sale it became is undone with
 * its VAT, as a refund by hand undoes a sale taken on the day (decision 053).
 */
export function onlineSaleRefundEntry(input: AmountPosting & { refundId: string; sale: SaleContext }): EntryDraft {
  return entry(input, { type: 'refund', id: input.refundId }, saleLines(accountCodes.stripeClearing, input, true));
}

/** A kept deposit paid back after all (the owner's goodwill): the other income it became goes back, with its VAT. */
export function keptDepositRefundEntry(input: AmountPosting & { refundId: string; vatRateBp: number }): EntryDraft {
  return entry(input, { type: 'refund', id: input.refundId }, keptMoneyLines(accountCodes.stripeClearing, input, true));
}
