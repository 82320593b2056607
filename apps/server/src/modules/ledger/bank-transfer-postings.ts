import { accountCodes } from '@app/shared';
import { type AmountPosting, type EntryDraft, entry, moved } from './postings.ts';

// What deposits paid by bank transfer post (decision 066): as a deposit taken online is held (decision 047), with the
// bank account in place of Stripe clearing. Applying or keeping one uses depositAppliedEntry and depositKeptEntry.

/** The deposit arrived in the bank: owed to the client until the appointment takes place or it is kept. */
export function bankDepositEntry(input: AmountPosting & { paymentId: string }): EntryDraft {
  return entry(
    input,
    { type: 'payment', id: input.paymentId },
    moved(accountCodes.bank, accountCodes.depositsHeld, input.amountPence),
  );
}

/** A held deposit paid back by bank transfer: the debt to the client goes with it. */
export function bankDepositRefundEntry(input: AmountPosting & { refundId: string }): EntryDraft {
  return entry(
    input,
    { type: 'refund', id: input.refundId },
    moved(accountCodes.depositsHeld, accountCodes.bank, input.amountPence),
  );
}
