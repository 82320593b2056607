import { z } from 'zod';
import { addOnIdsField } from './add-ons.ts';
import { entityIdSchema, isoDateField, pageFields } from './fields.ts';
import { labelledValues } from './labelled.ts';
import { type AmountDue, paymentMethodSchema } from './payments.ts';

/** Letters and digits a reader cannot mistake for one another (no I, L, O, 0, 1): 31 signs, ~79 bits in 16. */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 16;
/** How long a voucher is valid when VOUCHER_EXPIRY_MONTHS does not say otherwise. */
export const DEFAULT_VOUCHER_EXPIRY_MONTHS = 12;

/** The code as printed: four groups of four. */
export function formatVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** What someone types: spaces, dashes and case do not matter. */
export const voucherCodeField = z
  .string({ message: 'Enter the voucher code' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(VOUCHER_CODE_LENGTH, 'A voucher code has 16 letters and digits')
      .regex(new RegExp(`^[${VOUCHER_CODE_ALPHABET}]+$`), 'This is not a voucher code'),
  );

export const voucherKinds = ['amount', 'treatment'] as const;
export type VoucherKind = (typeof voucherKinds)[number];
export const [voucherStatuses, voucherStatusLabels] = labelledValues({
  awaiting_payment: 'Awaiting payment',
  active: 'Valid',
  spent: 'Spent',
  expired: 'Expired',
  cancelled: 'Cancelled',
});
export type VoucherStatus = (typeof voucherStatuses)[number];

const optionalText = (max: number) => z.string().trim().max(max).default('');

/** What is bought (an amount, or a treatment and its length) and, for a gift, who gets it and when. */
const voucherOrderFields = {
  kind: z.enum(voucherKinds, { message: 'Choose an amount or a treatment' }),
  amountPence: z
    .number()
    .int('Use whole pence')
    .min(500, 'A voucher is worth at least £5')
    .max(100_000, 'A voucher is worth at most £1,000')
    .optional(),
  serviceId: entityIdSchema.optional(),
  durationMinutes: z.number().int().min(15).max(480).optional(),
  recipientName: optionalText(120),
  recipientEmail: z.union([z.literal(''), z.email('Enter the recipient’s email address')]).default(''),
  message: optionalText(1000),
  sendOn: isoDateField().optional(),
};

type OrderShape = {
  kind: VoucherKind;
  amountPence?: number | undefined;
  serviceId?: string | undefined;
  durationMinutes?: number | undefined;
  recipientName: string;
  recipientEmail: string;
};
function checkOrder(order: OrderShape, context: z.RefinementCtx) {
  if (order.kind === 'amount' && order.amountPence === undefined)
    context.addIssue({ code: 'custom', path: ['amountPence'], message: 'Enter the amount of the voucher' });
  if (order.kind === 'treatment' && !order.serviceId)
    context.addIssue({ code: 'custom', path: ['serviceId'], message: 'Choose the treatment' });
  if (order.kind === 'treatment' && order.durationMinutes === undefined)
    context.addIssue({ code: 'custom', path: ['durationMinutes'], message: 'Choose the length of the treatment' });
  if ((order.recipientName === '') !== (order.recipientEmail === ''))
    context.addIssue({
      code: 'custom',
      path: [order.recipientName === '' ? 'recipientName' : 'recipientEmail'],
      message: 'A gift needs the recipient’s name and email address',
    });
}

/** A client buying online (paid through Stripe); the buyer is the signed-in client. */
export const buyVoucherInput = z.strictObject(voucherOrderFields).superRefine(checkOrder);
export type BuyVoucherInput = z.input<typeof buyVoucherInput>;

/** The owner recording a voucher sold in person, and how it was paid. */
export const issueVoucherInput = z
  .strictObject({
    ...voucherOrderFields,
    method: paymentMethodSchema,
    buyerName: z.string().trim().min(1, 'Enter the buyer’s name').max(120),
    buyerEmail: z.union([z.literal(''), z.email('Enter a valid email address')]).default(''),
  })
  .superRefine(checkOrder);
export type IssueVoucherInput = z.input<typeof issueVoucherInput>;

/** Spending (part of) a voucher at the till, against a booking. */
export const redeemVoucherInput = z.strictObject({
  code: voucherCodeField,
  bookingId: entityIdSchema,
  amountPence: z.number().int('Use whole pence').min(1, 'Enter an amount above zero').max(100_000),
});
export type RedeemVoucherInput = z.input<typeof redeemVoucherInput>;

export const listVouchersQuery = z.strictObject({
  /** A code (any part, with or without dashes) or the buyer's or recipient's name or email. */
  q: z.string().trim().max(120).optional(),
  ...pageFields(100),
});
export type ListVouchersQuery = z.input<typeof listVouchersQuery>;

export type VoucherRedemption = { id: string; bookingId: string | null; amountPence: number; redeemedAt: string };

export type Voucher = {
  id: string;
  /** Formatted in groups; null while it awaits payment (the code is only given once paid). */
  code: string | null;
  kind: VoucherKind;
  /** What it is for, as printed: an amount, or the (discreetly named) treatment and length. */
  label: string;
  valuePence: number;
  balancePence: number;
  status: VoucherStatus;
  expiresOn: string;
  soldBy: 'cash' | 'card' | 'bank_transfer' | 'online';
  buyerName: string;
  buyerEmail: string;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string;
  sendOn: string | null;
  emailedAt: string | null;
  createdAt: string;
  redemptions: VoucherRedemption[];
};
export type VoucherPage = { vouchers: Voucher[]; total: number; page: number; pageSize: number };

/** A client's purchase just made: the voucher, and the secret for Stripe's payment form. */
export type VoucherPurchase = { voucher: Voucher; clientSecret: string | null };

export const voucherKindLabels: Record<VoucherKind, string> = { amount: 'An amount', treatment: 'A treatment' };

// ---- Spending a voucher in the booking funnel ----

/** GET /api/vouchers/check: what a code would pay towards this treatment and length, before booking. */
export const checkVoucherQuery = z.strictObject({
  code: voucherCodeField,
  serviceId: entityIdSchema,
  duration: z.coerce.number().int().min(15).max(480),
  /** Add-ons chosen: the voucher pays towards them too. */
  addOns: addOnIdsField.optional(),
});
export type CheckVoucherQuery = z.input<typeof checkVoucherQuery>;
export type VoucherCheck = {
  /** What the voucher pays towards this booking: its balance, at most the price. */
  usablePence: number;
  /** What is on the voucher now. */
  balancePence: number;
  expiresOn: string;
  /** The price less the voucher: paid online when the policy asks (`due`), else at the appointment. */
  leftToPayPence: number;
  /** What the payment policy asks online of what is left; `none` without online payments. */
  due: AmountDue;
};

/**
 * What cancelling a booking does to what gift vouchers paid towards it: put back onto the vouchers (the business
 * cancels, or the client does within the free cancellation window), or kept like a deposit.
 */
export const cancellationVoucherSchema = z.object({
  amountPence: z.number(),
  outcome: z.enum(['returned', 'kept']),
  freeCancellationHours: z.number(),
});
export type CancellationVoucher = z.infer<typeof cancellationVoucherSchema>;

/** The sentence the cancel dialog and the cancellation email say about the voucher. */
export function cancellationVoucherText(spent: CancellationVoucher | null): string {
  if (!spent || spent.amountPence <= 0) return '';
  const amount = `£${(spent.amountPence / 100).toFixed(spent.amountPence % 100 === 0 ? 0 : 2)}`;
  return spent.outcome === 'returned'
    ? `The ${amount} paid by gift voucher goes back onto your voucher.`
    : `The ${amount} paid by gift voucher is kept, as the cancellation is less than ${spent.freeCancellationHours} hours before the appointment.`;
}
