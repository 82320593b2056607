// The waitlist (decisions 083, 084): a signed-in client waits for a treatment over a range of days
// and times; a time freed later is offered to them by email (and text), and the first to claim it books it.
import { z } from 'zod';
import { localDateSchema, localTimeSchema } from './availability.ts';
import { isoDateTimeField, isSensibleDate } from './fields.ts';
import { labelledValues } from './labelled.ts';

/** Which days of the week suit: every day, Monday to Friday, or Saturday and Sunday. */
export const [waitlistDayKinds, waitlistDayLabels] = labelledValues({
  any: 'Any day',
  weekdays: 'Weekdays',
  weekends: 'Weekends',
});
export type WaitlistDays = (typeof waitlistDayKinds)[number];

/** The longest range a client may wait over: about three months, like the slot search. */
export const WAITLIST_MAX_DAYS = 92;
/** How long an offer stays open unless the owner says otherwise (minutes). */
export const WAITLIST_DEFAULT_OFFER_MINUTES = 120;

const waitlistFields = z.strictObject({
  serviceId: z.uuid('Choose a service'),
  durationMinutes: z.number().int().min(15).max(480),
  fromDate: localDateSchema,
  toDate: localDateSchema,
  days: z.enum(waitlistDayKinds).default('any'),
  /** The appointment starts at or after this time and at or before `toTime`, on the business's clock. */
  fromTime: localTimeSchema.default('00:00'),
  toTime: localTimeSchema.default('24:00'),
});

export const joinWaitlistInput = waitlistFields.superRefine((value, context) => {
  if (isSensibleDate(value.fromDate) && isSensibleDate(value.toDate)) {
    if (value.toDate < value.fromDate)
      context.addIssue({ code: 'custom', path: ['toDate'], message: 'The last day must not be before the first' });
    const days = (Date.parse(value.toDate) - Date.parse(value.fromDate)) / 86_400_000;
    if (days > WAITLIST_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['toDate'], message: `Wait over ${WAITLIST_MAX_DAYS} days at most` });
  }
  if (value.toTime <= value.fromTime)
    context.addIssue({ code: 'custom', path: ['toTime'], message: 'The latest time must be after the earliest' });
});
export type JoinWaitlistInput = z.input<typeof joinWaitlistInput>;

export const waitlistOfferStatuses = ['offered', 'claimed', 'gone', 'expired'] as const;
export type WaitlistOfferStatus = (typeof waitlistOfferStatuses)[number];

export const waitlistOfferSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  serviceName: z.string(),
  status: z.enum(waitlistOfferStatuses),
  expiresAt: z.string(),
  bookingId: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  durationMinutes: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  days: z.enum(waitlistDayKinds),
  fromTime: z.string(),
  toTime: z.string(),
  status: z.enum(['waiting', 'booked', 'left']),
  createdAt: z.string(),
  /** Offers still open, for the client's /bookings page. */
  offers: z.array(waitlistOfferSchema),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** Claiming an offer: the same consents the booking funnel asks, and a key so a double tap makes one booking. */
export const claimWaitlistOfferInput = z.strictObject({
  adultConfirmed: z.boolean().default(false),
  noShowFeeConsent: z.boolean().default(false),
  /** Needed only when the account has no phone number yet (the booking funnel asks it too). */
  phone: z.string().trim().max(30).default(''),
  idempotencyKey: z.string().min(8).max(100),
});
export type ClaimWaitlistOfferInput = z.input<typeof claimWaitlistOfferInput>;

/** The owner's view of one day: who waits for it. The lodger never sees this (it names clients). */
export const adminWaitlistQuery = z.object({ date: localDateSchema });
export const adminWaitlistEntrySchema = waitlistEntrySchema.extend({
  clientName: z.string(),
  clientEmail: z.string(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

/** The owner offers a time by hand to one waiting client. */
export const offerWaitlistTimeInput = z.strictObject({ startsAt: isoDateTimeField('Choose a time') });

export const waitlistSettingsSchema = z.object({
  /** How long an offer stays open; it closes earlier when the slot's minimum notice comes first. */
  offerMinutes: z.number().int().min(15).max(2880),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsSchema>;
export const updateWaitlistSettingsInput = waitlistSettingsSchema.strict();

/** Whether a start time (local date and HH:MM) suits an entry's days and times. */
export function suitsWaitlist(
  entry: { fromDate: string; toDate: string; days: WaitlistDays; fromTime: string; toTime: string },
  local: { date: string; time: string },
): boolean {
  if (local.date < entry.fromDate || local.date > entry.toDate) return false;
  const weekday = new Date(`${local.date}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  if (entry.days === 'weekdays' && weekend) return false;
  if (entry.days === 'weekends' && !weekend) return false;
  return local.time >= entry.fromTime && local.time <= entry.toTime;
}
