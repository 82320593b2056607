import { z } from 'zod';
import { addOnIdsField } from './add-ons.ts';
import { localDateSchema } from './availability.ts';
import { bookingStatusSchema, phoneField } from './bookings.ts';
import { isoDateTimeField, pageFields } from './fields.ts';
import { massageTypeSchema, styleSchema } from './services.ts';

/** Filters of the owner's booking list and calendar (all optional; dates in the business time zone). */
export const listAdminBookingsQuery = z.object({
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  status: bookingStatusSchema.optional(),
  style: styleSchema.optional(),
  type: massageTypeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  ...pageFields(500),
});
export type ListAdminBookingsQuery = z.infer<typeof listAdminBookingsQuery>;

/** A booking taken by the owner on the phone: for an existing customer, or a new one. */
export const createPhoneBookingInput = z.strictObject({
  serviceId: z.uuid('Choose a service'),
  durationMinutes: z.number().int().min(15).max(480),
  startsAt: isoDateTimeField('Choose a time'),
  customer: z.union([
    z.strictObject({ id: z.string().min(1) }),
    z.strictObject({
      name: z.string().trim().min(1, 'Enter the name').max(100),
      email: z.email('Enter a valid email address'),
      phone: phoneField,
    }),
  ]),
  notes: z.string().trim().max(1000).default(''),
  adultConfirmed: z.boolean().default(false),
  /** Add-ons, as the client's own booking takes them. */
  addOnIds: addOnIdsField.optional(),
  idempotencyKey: z.string().min(8).max(100),
});
export type CreatePhoneBookingInput = z.infer<typeof createPhoneBookingInput>;

export const moveBookingInput = z.strictObject({
  startsAt: isoDateTimeField(),
  version: z.number().int().min(1),
});

export const setOutcomeInput = z.strictObject({ status: z.enum(['completed', 'no_show']) });
export const privateNotesInput = z.strictObject({ privateNotes: z.string().max(5000) });
export const reasonInput = z.strictObject({ reason: z.string().trim().max(500).default('') });

export type AdminBooking = {
  id: string;
  clientId: string | null;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  serviceId: string;
  serviceName: string;
  style: z.infer<typeof styleSchema>;
  type: z.infer<typeof massageTypeSchema>;
  durationMinutes: number;
  pricePence: number;
  /** Money received: payments net of refunds, plus gift vouchers spent on it. */
  paidPence: number;
  /** The part of `paidPence` paid by gift vouchers: not paid back in money on cancelling. */
  voucherPaidPence: number;
  /** The part of `paidPence` a session of the client's course paid (decision 081): given back as the session. */
  coursePaidPence: number;
  startsAt: string;
  endsAt: string;
  status: z.infer<typeof bookingStatusSchema>;
  version: number;
  notes: string;
  privateNotes: string;
  source: 'client' | 'admin';
  cancelledBy: 'client' | 'business' | null;
  cancelReason: string | null;
  createdAt: string;
};
