import { accountCodes } from '@app/shared';
import { type AmountPosting, heldPaymentEntry, heldRefundEntry } from './postings.ts';

// What deposits paid by bank transfer post (decision 066): as a deposit taken online is held (decision 047), with the
// bank account in place of Stripe clearing. Applying or keeping one uses depositAppliedEntry and depositKeptEntry.

/** The deposit arrived in the bank: owed to the client until the appointment takes place or it is kept. */
export const bankDepositEntry = (input: AmountPosting & { paymentId: string }) =>
  heldPaymentEntry(accountCodes.bank, input);

/** A held deposit paid back by bank transfer: the debt to the client goes with it. */
export const bankDepositRefundEntry = (input: AmountPosting & { refundId: string }) =>
  heldRefundEntry(accountCodes.bank, input);
