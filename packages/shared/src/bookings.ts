import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { addOnIdsField, bookingAddOnSchema } from './add-ons.ts';
import { bookingBankTransferSchema } from './bank-transfers.ts';
import { isoDateTimeField } from './fields.ts';
import { bookingCardSetupSchema, bookingPaymentSchema, cancellationMoneySchema } from './payments.ts';
import { massageTypeSchema, styleSchema } from './services.ts';
import { cancellationVoucherSchema, voucherCodeField } from './vouchers.ts';

/** `awaiting_payment`: made, its time held while the client pays what the payment policy asks (decision 047). */
export const bookingStatuses = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;
/** Statuses that hold their time in the diary. */
export const activeBookingStatuses = [
  'awaiting_payment',
  'pending',
  'confirmed',
] as const satisfies readonly BookingStatus[];

export const customerPolicies = ['new', 'trusted', 'blocked'] as const;
export const customerPolicySchema = z.enum(customerPolicies);
export type CustomerPolicy = z.infer<typeof customerPolicySchema>;

const PHONE_PROBLEM = 'Enter a phone number we can text, e.g. 07700 900123';

/**
 * A phone number as typed (07700 900123, +44 7700 900123), stored in E.164 (+447700900123); UK by default. A possible
 * number is enough, not only an allocated one (isValid): Ofcom's drama numbers (07700 900xxx) are what examples and
 * tests use; letters and numbers too short or too long are refused.
 */
export const phoneField = z
  .string()
  .trim()
  .min(1, PHONE_PROBLEM)
  .max(30, PHONE_PROBLEM)
  .regex(/^\+?[0-9 ().-]+$/, PHONE_PROBLEM)
  // A refinement, not an issue raised in the transform: a union (the account's optional phone) then keeps this message.
  .refine((value) => phoneInE164(value) !== null, PHONE_PROBLEM)
  .transform((value) => phoneInE164(value) ?? value);

function phoneInE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'GB');
  if (!parsed) return null;
  // A national number still starting with 0 kept its trunk prefix: too short to be a number (07700 90).
  const possible = parsed.isPossible() && !parsed.nationalNumber.startsWith('0');
  return parsed.isValid() || possible ? parsed.number : null;
}

/** A stored number for people to read: E.164 spaced the international way (+44 7700 900123); older values as kept. */
export function formatPhone(value: string): string {
  return value.startsWith('+') ? (parsePhoneNumberFromString(value)?.formatInternational() ?? value) : value;
}

/** What a client sends to book. No price: the server decides it from the service and duration. */
export const createBookingInput = z.strictObject({
  serviceId: z.uuid('Choose a service'),
  durationMinutes: z.number().int().min(15).max(480),
  startsAt: isoDateTimeField('Choose a time'),
  name: z.string().trim().min(1, 'Enter your name').max(100),
  phone: phoneField,
  notes: z.string().trim().max(1000, 'Keep notes under 1000 characters').default(''),
  adultConfirmed: z.boolean().default(false),
  /** The client ticked the no-show fee consent (needed when the policy sets a fee; never ticked for them). */
  noShowFeeConsent: z.boolean().default(false),
  /** A gift voucher to spend on it: as much of its balance as the price takes; the rest is paid as usual. */
  voucherCode: voucherCodeField.optional(),
  /** A course of the client's to pay with: one of its sessions pays the whole booking (decision 081). */
  courseId: z.uuid('Choose one of your courses').optional(),
  /** Add-ons: their minutes lengthen the booking and their prices add to its price. */
  addOnIds: addOnIdsField.optional(),
  /** The same key from a double click or a retry makes one booking. */
  idempotencyKey: z.string().min(8).max(100),
});
export type CreateBookingInput = z.infer<typeof createBookingInput>;

export const rescheduleBookingInput = z.strictObject({
  startsAt: isoDateTimeField('Choose a time'),
  /** The version the client saw: an old reschedule link cannot be used twice. */
  version: z.number().int().min(1),
});
export type RescheduleBookingInput = z.infer<typeof rescheduleBookingInput>;

export const cancelBookingInput = z.strictObject({ reason: z.string().trim().max(500).default('') });

/** The owner moves a booking, and says whether the client is emailed the new time. */
export const adminMoveBookingInput = rescheduleBookingInput.extend({ notifyClient: z.boolean().default(true) });
export type AdminMoveBookingInput = z.input<typeof adminMoveBookingInput>;

/** The owner cancels: the reason, whether the client is emailed, whether what they paid is paid back. */
export const adminCancelBookingInput = cancelBookingInput.extend({
  notifyClient: z.boolean().default(true),
  refund: z.boolean().default(false),
});
/** Undo of the owner's cancelling: the version they saw cancelled. */
export const restoreBookingInput = z.strictObject({ version: z.number().int().min(1) });

export type AdminCancelBookingInput = z.input<typeof adminCancelBookingInput>;

export const bookingSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  style: styleSchema,
  type: massageTypeSchema,
  durationMinutes: z.number(),
  pricePence: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: bookingStatusSchema,
  version: z.number(),
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  notes: z.string(),
  cancelledBy: z.enum(['client', 'business']).nullable(),
  cancelReason: z.string().nullable(),
  /** The street address is shown only on a confirmed booking. */
  address: z.string().nullable(),
  /** Whether the client may still cancel or reschedule it themselves (before the cut-off). */
  changeableByClient: z.boolean(),
  createdAt: z.string(),
  /** The online payment the booking waits for or was paid with; null when nothing was asked up front. */
  payment: bookingPaymentSchema.nullable().default(null),
  /** The card saved for a no-show fee the client agreed to; null when the booking has none. */
  cardSetup: bookingCardSetupSchema.nullable().default(null),
  /** What cancelling now would do to the money paid online; null when none is held. */
  cancellationMoney: cancellationMoneySchema.nullable().default(null),
  /** What gift vouchers paid towards it. */
  voucherPaidPence: z.number().default(0),
  /** A session of the client's course paid for it (decision 081). */
  coursePaid: z.boolean().default(false),
  /** What cancelling now would do to what gift vouchers paid; null when none did. */
  cancellationVoucher: cancellationVoucherSchema.nullable().default(null),
  /** The deposit by bank transfer a sensual booking waits for or was paid with (decision 066); null when none. */
  bankTransfer: bookingBankTransferSchema.nullable().default(null),
  /** The add-ons it took, as booked (decision 079): their minutes follow the treatment's, their prices are in its. */
  addOns: z.array(bookingAddOnSchema).default([]),
});
export type Booking = z.infer<typeof bookingSchema>;

export type SlotUnavailableDetails = { alternatives: string[] };

/** GET /api/bookings/approval?style=: whether the signed-in client's booking of this style waits for the owner. */
export const approvalQuery = z.strictObject({ style: styleSchema });
export type ApprovalAnswer = { approvalRequired: boolean };
/** What the booking page tells a client whose request waits for the owner's approval. */
export const APPROVAL_USUAL_WAIT = 'We usually answer within a few hours, and always within a day.';
