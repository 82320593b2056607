import { z } from 'zod';
import { isoDateTimeField } from './fields.ts';

export const paymentMethods = ['cash', 'card', 'bank_transfer'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const recordPaymentInput = z.strictObject({
  amountPence: z.number().int().min(1, 'Enter an amount above zero').max(10_000_000),
  method: paymentMethodSchema,
  paidAt: isoDateTimeField().optional(),
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
  paidAt: isoDateTimeField().optional(),
  note: z.string().trim().max(500).default(''),
});
export type RecordRefundInput = z.infer<typeof recordRefundInput>;
