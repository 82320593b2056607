import { z } from 'zod';
import { isoDateTimeField } from './fields.ts';

/** Leeway for a device clock a little ahead of the server's when "now" is sent as the time of a payment. */
export const PAYMENT_CLOCK_LEEWAY_MS = 5 * 60_000;
/** Money is recorded once taken: a payment or refund dated in the future is refused (issue 9). */
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

export const recordRefundInput = z.strictObject({
  amountPence: z.number().int().min(1, 'Enter an amount above zero').max(10_000_000),
  method: paymentMethodSchema,
  paidAt: paidAtField,
  note: z.string().trim().max(500).default(''),
});
export type RecordRefundInput = z.infer<typeof recordRefundInput>;
