import { z } from 'zod';
import { addOnIdsField } from './add-ons.ts';
import { isoDateField, isoDateTimeField } from './fields.ts';

/** A local wall-clock time "HH:MM" in the business time zone; "24:00" closes at midnight. */
export const localTimeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time such as 09:30');

export const timeRangeSchema = z
  .object({ start: localTimeSchema, end: localTimeSchema })
  .refine((range) => range.start < range.end, { message: 'A range must end after it starts', path: ['end'] });
export type TimeRange = z.infer<typeof timeRangeSchema>;

const dayRangesSchema = z
  .array(timeRangeSchema)
  .max(6)
  .refine(
    (ranges) =>
      [...ranges]
        .sort((a, b) => a.start.localeCompare(b.start))
        .every((range, i, sorted) => i === 0 || (sorted[i - 1]?.end ?? '') <= range.start),
    { message: 'The ranges of a day must not overlap' },
  );

/** Opening hours for each weekday, 0 = Sunday … 6 = Saturday (JavaScript's getDay). */
export const weeklyHoursSchema = z.array(dayRangesSchema).length(7);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const localDateSchema = isoDateField('Use a date such as 2026-03-29');

export const overrideKinds = ['closed', 'hours', 'extra'] as const;
/** closed: no bookings that day; hours: these ranges replace the weekly ones; extra: added to them. */
const overrideFields = z.object({
  date: localDateSchema,
  kind: z.enum(overrideKinds),
  ranges: dayRangesSchema,
  note: z.string().max(200).default(''),
});
const overrideHasRanges = (o: { kind: string; ranges: unknown[] }) => o.kind === 'closed' || o.ranges.length > 0;
const rangesMessage = { message: 'Give at least one range', path: ['ranges'] };
export const createOverrideInput = overrideFields.refine(overrideHasRanges, rangesMessage);
export const availabilityOverrideSchema = overrideFields
  .extend({ id: z.string() })
  .refine(overrideHasRanges, rangesMessage);
export type AvailabilityOverride = z.infer<typeof availabilityOverrideSchema>;

const blockFields = z.object({
  startsAt: isoDateTimeField(),
  endsAt: isoDateTimeField(),
  reason: z.string().max(200).default(''),
});
const blockEndsAfterStart = (b: { startsAt: string; endsAt: string }) => Date.parse(b.startsAt) < Date.parse(b.endsAt);
const blockMessage = { message: 'A block must end after it starts', path: ['endsAt'] };
/** `confirm`: block the time even though bookings fall in it (the server first answers with their list). */
export const createBlockInput = blockFields
  .extend({ confirm: z.boolean().default(false) })
  .refine(blockEndsAfterStart, blockMessage);
export type CreateBlockInput = z.input<typeof createBlockInput>;
/** The bookings a block would fall on, in the details of its 409 answer. */
export type BlockOverlap = { id: string; clientName: string; serviceName: string; startsAt: string; status: string };
export const blockedPeriodSchema = blockFields.extend({ id: z.string() }).refine(blockEndsAfterStart, blockMessage);
export type BlockedPeriod = z.infer<typeof blockedPeriodSchema>;

export const bookingRulesSchema = z.object({
  timeZone: z.string().min(1),
  bufferMinutes: z.number().int().min(0).max(240),
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 14),
  horizonDays: z.number().int().min(1).max(730),
  slotStepMinutes: z.number().int().min(5).max(240),
  cancellationCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14),
  weeklyHours: weeklyHoursSchema,
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;
export const updateBookingRulesInput = bookingRulesSchema.omit({ timeZone: true }).partial();

export const defaultWeeklyHours: WeeklyHours = [
  [],
  [{ start: '10:00', end: '21:00' }],
  [{ start: '10:00', end: '21:00' }],
  [{ start: '10:00', end: '21:00' }],
  [{ start: '10:00', end: '21:00' }],
  [{ start: '10:00', end: '21:00' }],
  [{ start: '10:00', end: '18:00' }],
];

export const slotsQuery = z.object({
  serviceId: z.uuid('Unknown service'),
  duration: z.coerce.number().int().min(15).max(480),
  /** Add-ons chosen: the times are for the treatment and their minutes together. */
  addOns: addOnIdsField.optional(),
  from: localDateSchema,
  to: localDateSchema,
});
export type SlotsQuery = z.infer<typeof slotsQuery>;

export type SlotsResponse = { timeZone: string; days: { date: string; slots: string[] }[] };
