import { z } from 'zod';
import { chargeRuleSchema } from './fields.ts';

// ---- Deposits by bank transfer (decision 066): what sensual bookings may ask, as Stripe prohibits card payments ----

/** The deposit asked of a sensual booking by bank transfer: none, a fixed amount or a share of the price. */
export const bankDepositRuleSchema = chargeRuleSchema(
  { fixed: 'deposit_fixed', percent: 'deposit_percent' },
  'A deposit',
);
export type BankDepositRule = z.infer<typeof bankDepositRuleSchema>;

/** The owner's settings: the deposit, how long a booking holds its time for it, and the account it is paid into. */
export const bankTransferSettingsSchema = z
  .strictObject({
    deposit: bankDepositRuleSchema,
    holdHours: z
      .number()
      .int('Whole hours')
      .min(1, 'Between 1 and 336 hours')
      .max(24 * 14, 'Between 1 and 336 hours'),
    accountName: z.string().trim().max(70),
    sortCode: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => value === '' || /^\d{6}$/.test(value), 'A sort code has 6 digits'),
    accountNumber: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => value === '' || /^\d{8}$/.test(value), 'An account number has 8 digits'),
  })
  .superRefine((settings, context) => {
    if (settings.deposit.kind === 'none') return;
    for (const field of ['accountName', 'sortCode', 'accountNumber'] as const)
      if (!settings[field])
        context.addIssue({ code: 'custom', path: [field], message: 'Needed for clients to pay the deposit' });
  });
export type BankTransferSettings = z.output<typeof bankTransferSettingsSchema>;
export type BankTransferSettingsInput = z.input<typeof bankTransferSettingsSchema>;

export const defaultBankTransferSettings = (): BankTransferSettings => ({
  deposit: { kind: 'none' },
  holdHours: 48,
  accountName: '',
  sortCode: '',
  accountNumber: '',
});

/** The deposit a sensual booking of this price asks by bank transfer, in pence (0: none). */
export function bankDepositDue(rule: BankDepositRule, pricePence: number): number {
  const price = Math.max(0, Math.trunc(pricePence));
  if (rule.kind === 'none') return 0;
  if (rule.kind === 'deposit_fixed') return Math.min(rule.amountPence, price);
  return Math.min(Math.round((price * rule.percent) / 100), price);
}

/** "12-34-56", as banks print it. */
export const formatSortCode = (digits: string) => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

/** What the client is told of the deposit their booking waits for: where to pay it and the reference to quote. */
export const bookingBankTransferSchema = z.object({
  amountPence: z.number(),
  reference: z.string(),
  accountName: z.string(),
  sortCode: z.string(),
  accountNumber: z.string(),
  /** Until when the time is held; unpaid by then, it is released and the client told. */
  holdExpiresAt: z.string(),
  status: z.enum(['awaiting', 'received', 'released']),
});
export type BookingBankTransfer = z.infer<typeof bookingBankTransferSchema>;

/** The owner's list of deposits by bank transfer: each as its client is told of it, and what only the owner sees. */
export type BankDepositView = Pick<BookingBankTransfer, 'reference' | 'amountPence' | 'status' | 'holdExpiresAt'> & {
  id: string;
  bookingId: string;
  startsAt: string;
  clientName: string;
  settlement: 'held' | 'recognised' | 'kept' | 'refunded' | null;
  receivedAt: string | null;
  matchedBy: 'statement' | 'owner' | null;
};

/** The booking sheet's view of its deposit by bank transfer: the list's row without what the sheet shows already. */
export type AdminBookingBankDeposit = Omit<BankDepositView, 'bookingId' | 'startsAt' | 'clientName'>;

/** GET /api/admin/bank-transfers: the settings and the deposits. */
export type BankTransfersAnswer = { settings: BankTransferSettings; deposits: BankDepositView[] };

/** POST /api/admin/bank-transfers/match: a bank statement export, the same file the expenses import reads. */
export const matchStatementInput = z.strictObject({
  csv: z.string({ message: 'Choose a CSV file' }).min(1, 'The file is empty').max(1_000_000, 'The file is too large'),
});
export type MatchStatementResult = { matched: { reference: string; amountPence: number; line: number }[] };
