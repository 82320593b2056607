import { z } from 'zod';
import { addOnIdsField } from './add-ons.ts';
import { chargeRuleSchema, fixedChargeField, isoDateTimeField, percentOfPriceField } from './fields.ts';
import { labelledValues } from './labelled.ts';

/** Leeway for a device clock a little ahead of the server's when "now" is sent as the time of a payment. */
export const PAYMENT_CLOCK_LEEWAY_MS = 5 * 60_000;
/** Money is recorded once taken: a payment or refund dated in the future is refused. */
const paidAtField = isoDateTimeField()
  .refine(
    (value) => Date.parse(value) <= Date.now() + PAYMENT_CLOCK_LEEWAY_MS,
    'A payment cannot be dated in the future',
  )
  .optional();

export const paymentMethods = ['cash', 'card', 'bank_transfer'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const recordPaymentInput = z.strictObject({
  amountPence: z.number().int().min(1, 'Enter an amount above zero').max(10_000_000),
  method: paymentMethodSchema,
  paidAt: paidAtField,
  note: z.string().trim().max(500).default(''),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

export type Payment = {
  id: string;
  bookingId: string | null;
  invoiceId: string | null;
  kind: 'payment' | 'refund';
  amountPence: number;
  method: PaymentMethod;
  paidAt: string;
  note: string;
  recordedBy: string | null;
};

/** A refund is recorded with the same fields as a payment: its amount is positive, the kind says the direction. */
export const recordRefundInput = recordPaymentInput;
export type RecordRefundInput = z.infer<typeof recordRefundInput>;

// ---- Online payment (decision 047): what the owner asks to be paid up front ----

/** What one kind of booking pays when it is made: nothing, a deposit (fixed or a share of the price) or all of it. */
export const upfrontRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('deposit_fixed'), amountPence: fixedChargeField('A deposit') }),
  // A share of 100 % is 'full', said once.
  z.strictObject({ kind: z.literal('deposit_percent'), percent: percentOfPriceField(99) }),
  z.strictObject({ kind: z.literal('full') }),
]);
export type UpfrontRule = z.infer<typeof upfrontRuleSchema>;

export const clientKinds = ['newClient', 'returningClient'] as const;
export type ClientKind = (typeof clientKinds)[number];
const rulesPerClient = z.strictObject({ newClient: upfrontRuleSchema, returningClient: upfrontRuleSchema });

/** A fee charged to the client's saved card if they do not come (decision 054): off, a fixed amount or a share. */
export const noShowFeeRuleSchema = chargeRuleSchema({ fixed: 'fixed', percent: 'percent' }, 'A no-show fee');
export type NoShowFeeRule = z.infer<typeof noShowFeeRuleSchema>;
const noShowFeePerStyle = z.strictObject({ therapeutic: noShowFeeRuleSchema, sensual: noShowFeeRuleSchema });

/** The owner's payment policy: per style and per client kind; cancelling is free until N hours before. */
export const paymentPolicySchema = z.strictObject({
  therapeutic: rulesPerClient,
  sensual: rulesPerClient,
  freeCancellationHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  /** Off unless the owner sets it; a policy saved before the no-show fee existed has none. */
  noShowFee: noShowFeePerStyle.default({ therapeutic: { kind: 'none' }, sensual: { kind: 'none' } }),
});
export type PaymentPolicy = z.infer<typeof paymentPolicySchema>;

// ---- What Stripe allows (decision 065) ----

/** Stripe's list of restricted businesses: adult services, sexual massage named among them, are prohibited. */
export const STRIPE_RESTRICTED_BUSINESSES_URL = 'https://stripe.com/legal/restricted-businesses';

/** Card payments through Stripe (deposits, prepayments, saved cards) apply to therapeutic treatments only. */
export function stripeAllowsStyle(style: 'therapeutic' | 'sensual'): boolean {
  return style === 'therapeutic';
}

/** Why Stripe is never asked to take money for a sensual treatment, in the words the owner and the API give. */
export const SENSUAL_CARD_REFUSAL =
  'Stripe does not allow card payments for sensual massage (it is on its list of prohibited adult services), so sensual bookings ask nothing by card: ask a deposit by bank transfer instead.';

/**
 * The policy the owner saves: the stored shape, refusing any card payment for the sensual style (a deposit, the full
 * price or a no-show fee). Stored rows are read with the plain schema, so a policy saved before the refusal still
 * loads; the rules below ask nothing of a sensual booking whatever the row says.
 */
export const paymentPolicyInput = paymentPolicySchema.superRefine((policy, context) => {
  for (const kind of clientKinds)
    if (policy.sensual[kind].kind !== 'none')
      context.addIssue({ code: 'custom', path: ['sensual', kind], message: SENSUAL_CARD_REFUSAL });
  if (policy.noShowFee.sensual.kind !== 'none')
    context.addIssue({ code: 'custom', path: ['noShowFee', 'sensual'], message: SENSUAL_CARD_REFUSAL });
});

export const defaultPaymentPolicy = (): PaymentPolicy => ({
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  freeCancellationHours: 24,
  noShowFee: { therapeutic: { kind: 'none' }, sensual: { kind: 'none' } },
});

/** The no-show fee of a booking, in pence; 0 when the policy has none (or it is below the smallest charge). */
export function noShowFeeDue(
  policy: PaymentPolicy,
  booking: { style: 'therapeutic' | 'sensual'; pricePence: number },
  minimumChargePence = 30,
): number {
  if (!stripeAllowsStyle(booking.style)) return 0;
  const rule = policy.noShowFee[booking.style];
  const price = Math.max(0, Math.trunc(booking.pricePence));
  const fee =
    // Stryker disable next-line ConditionalExpression,StringLiteral: 'none' has no percent: the share is NaN, never charged
    rule.kind === 'none' ? 0 : rule.kind === 'fixed' ? rule.amountPence : Math.round((price * rule.percent) / 100);
  return fee >= minimumChargePence ? fee : 0;
}

/**
 * The words the client agrees to, kept with the booking by their version: a change of wording is a new version, so
 * what each client saw can always be shown again.
 */
export const NO_SHOW_CONSENT_VERSION = 'no-show-fee-v1';
export function noShowConsentText(feeText: string): string {
  return `I agree that my card is saved and charged ${feeText} if I do not come to this appointment without cancelling it first. It is not charged otherwise, and I can cancel free of charge as the cancellation policy says.`;
}

/** A sensual booking that took a Stripe deposit before card payments for it were refused: left as it is. */
export type SensualStripeDeposit = {
  bookingId: string;
  startsAt: string;
  clientName: string;
  amountPence: number;
  settlement: 'held' | 'recognised' | 'kept' | 'refunded' | null;
};

/**
 * GET /api/admin/payments/policy: the policy, whether it can apply (Stripe configured), and the sensual bookings that
 * took a Stripe payment before it was refused.
 */
export type PaymentPolicyAnswer = {
  policy: PaymentPolicy;
  onlinePaymentEnabled: boolean;
  sensualStripeDeposits: SensualStripeDeposit[];
};

export type AmountDue = { kind: 'none' } | { kind: 'deposit' | 'prepayment'; amountPence: number };

/**
 * What a booking asks to be paid now. A deposit never exceeds the price (then it is the whole price, still held as a
 * deposit); one below the smallest charge the card networks take is not asked for at all.
 */
export function amountDue(
  policy: PaymentPolicy,
  booking: { style: 'therapeutic' | 'sensual'; clientKind: ClientKind; pricePence: number },
  minimumChargePence = 30,
): AmountDue {
  if (!stripeAllowsStyle(booking.style)) return { kind: 'none' };
  const rule = policy[booking.style][booking.clientKind];
  const price = Math.max(0, Math.trunc(booking.pricePence));
  const due =
    // Stryker disable next-line ConditionalExpression,StringLiteral: 'none' has no percent: NaN, and 'none' asks nothing below
    rule.kind === 'none'
      ? 0
      : rule.kind === 'full'
        ? price
        : rule.kind === 'deposit_fixed'
          ? Math.min(rule.amountPence, price)
          : Math.min(Math.round((price * rule.percent) / 100), price);
  if (due < minimumChargePence || rule.kind === 'none') return { kind: 'none' };
  return { kind: rule.kind === 'full' ? 'prepayment' : 'deposit', amountPence: due };
}

/**
 * The card saved for a booking's no-show fee (decision 054): the SetupIntent's secret while the card is still to be
 * saved in the browser, never any card detail.
 */
export const bookingCardSetupSchema = z.object({
  feePence: z.number(),
  status: z.enum(['awaiting_card', 'card_saved', 'charged', 'failed']),
  clientSecret: z.string().nullable(),
});
export type BookingCardSetup = z.infer<typeof bookingCardSetupSchema>;

/** What the owner sees of a booking's no-show fee, on its sheet. */
export type NoShowFeeState = {
  feePence: number;
  status: 'awaiting_card' | 'card_saved' | 'charged' | 'failed';
  /** Stripe's reason when the last charge failed. */
  failureMessage: string | null;
  consentedAt: string;
};

/** What the client is told of the payment their booking waits for (answered with the booking). */
export const bookingPaymentSchema = z.object({
  kind: z.enum(['deposit', 'prepayment']),
  amountPence: z.number(),
  currency: z.string(),
  status: z.enum(['awaiting', 'succeeded', 'failed', 'cancelled']),
  /** Until when the time is held; after it, an unpaid booking is released. */
  holdExpiresAt: z.string(),
  /** For the Payment Element; only while the payment is awaited. */
  clientSecret: z.string().nullable(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** GET /api/bookings/upfront?serviceId=&duration=: what the signed-in client would pay now for this booking. */
export const upfrontQuery = z.strictObject({
  serviceId: z.uuid('Unknown service'),
  duration: z.coerce.number().int().min(15).max(480),
  /** Add-ons chosen: their prices are part of the booking's. */
  addOns: addOnIdsField.optional(),
});
export type UpfrontQuery = z.infer<typeof upfrontQuery>;
export type UpfrontAnswer = {
  due: AmountDue;
  /** The no-show fee this booking falls under, in pence (its card is saved with consent); null when none. */
  noShowFeePence: number | null;
  currency: string;
  /** Cancelling is free until this many hours before; later, money paid up front is kept. */
  freeCancellationHours: number;
  /** A sensual booking's deposit by bank transfer, in pence (decision 066); null or absent when none is asked. */
  bankDepositPence?: number | null;
};

// ---- Refunds of online payments (decision 053) ----

/** POST /api/admin/bookings/:id/online-refunds: the owner pays back part or all of what was paid online. */
export const requestOnlineRefundInput = z.strictObject({
  amountPence: z.number().int('Enter whole pence').min(1, 'Enter an amount above zero').max(10_000_000),
  reason: z.string().trim().min(1, 'Say why the money is paid back').max(300),
});
export type RequestOnlineRefundInput = z.infer<typeof requestOnlineRefundInput>;

/** How each state reads on the booking sheet. */
export const [onlineRefundStatuses, onlineRefundStatusLabels] = labelledValues({
  requested: 'Sending to Stripe',
  retrying: 'Refund failed, retrying',
  pending: 'Waiting for the card issuer',
  succeeded: 'Refunded',
  failed: 'Refund failed',
});
export type OnlineRefundStatus = (typeof onlineRefundStatuses)[number];

export type OnlineRefundView = {
  id: string;
  amountPence: number;
  reason: string;
  status: OnlineRefundStatus;
  failure: string | null;
  createdAt: string;
};

/** The booking sheet's view of the online payment: what was paid, what is left to refund and each refund. */
export type AdminOnlinePayment = {
  purpose: 'deposit' | 'prepayment';
  amountPence: number;
  status: 'awaiting' | 'succeeded' | 'failed' | 'cancelled';
  settlement: 'held' | 'recognised' | 'kept' | 'refunded' | null;
  refundablePence: number;
  refunds: OnlineRefundView[];
};

/** What cancelling now does to the money paid online, told before the client (or owner) confirms. */
export const cancellationMoneySchema = z.object({
  kind: z.enum(['deposit', 'prepayment']),
  amountPence: z.number(),
  outcome: z.enum(['refunded', 'kept']),
  freeCancellationHours: z.number(),
  /** A deposit received by bank transfer (decision 066) is paid back by bank transfer; a card's to the card. */
  paidBy: z.enum(['card', 'bank_transfer']).optional(),
});
export type CancellationMoney = z.infer<typeof cancellationMoneySchema>;

/** The sentence the cancel dialog and the cancellation email say about the money. */
export function cancellationMoneyText(money: CancellationMoney | null) {
  if (!money || money.amountPence <= 0) return '';
  const amount = `£${(money.amountPence / 100).toFixed(money.amountPence % 100 === 0 ? 0 : 2)}`;
  const what = money.kind === 'deposit' ? 'deposit' : 'payment';
  return money.outcome === 'refunded'
    ? money.paidBy === 'bank_transfer'
      ? `Your ${amount} ${what} will be paid back to you by bank transfer.`
      : `Your ${amount} ${what} will be refunded to your card.`
    : `Your ${amount} ${what} is kept, as the cancellation is less than ${money.freeCancellationHours} hours before the appointment.`;
}
