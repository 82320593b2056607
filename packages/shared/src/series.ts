import { z } from 'zod';
import { createPhoneBookingInput } from './admin-bookings.ts';
import { localDateSchema } from './availability.ts';
import { bookingStatusSchema } from './bookings.ts';
import { isoDateTimeField } from './fields.ts';

// Standing appointments: a recurring series of ordinary bookings, decisions 085 and 086.

export const seriesEveryWeeks = [1, 2, 4] as const;
/** At most a year of weekly visits in one series. */
export const SERIES_MAX_OCCURRENCES = 52;

/** How it repeats: every 1, 2 or 4 weeks, a number of times or until a local date (that day included). */
export const seriesRepeatSchema = z
  .strictObject({
    everyWeeks: z.union([z.literal(1), z.literal(2), z.literal(4)], 'Repeat every 1, 2 or 4 weeks'),
    count: z
      .number()
      .int()
      .min(2, 'A series has at least 2 appointments')
      .max(SERIES_MAX_OCCURRENCES, `A series has at most ${SERIES_MAX_OCCURRENCES} appointments`)
      .optional(),
    until: localDateSchema.optional(),
  })
  .refine((repeat) => (repeat.count === undefined) !== (repeat.until === undefined), {
    message: 'Say how many times, or until which date',
    path: ['count'],
  });
export type SeriesRepeat = z.infer<typeof seriesRepeatSchema>;

/** The dates a series would take, asked before saving. */
export const previewSeriesInput = z.strictObject({
  serviceId: z.uuid('Choose a service'),
  durationMinutes: z.number().int().min(15).max(480),
  startsAt: isoDateTimeField('Choose a time'),
  repeat: seriesRepeatSchema,
});
export type PreviewSeriesInput = z.infer<typeof previewSeriesInput>;

/** A phone booking that repeats; the dates in `skip` (as the preview gave them) are left out. */
export const createSeriesInput = createPhoneBookingInput.extend({
  repeat: seriesRepeatSchema,
  skip: z.array(isoDateTimeField()).max(SERIES_MAX_OCCURRENCES).default([]),
});
export type CreateSeriesInput = z.input<typeof createSeriesInput>;

export const seriesOccurrenceStatuses = ['free', 'clash', 'outside_hours', 'unavailable'] as const;
export const seriesOccurrenceSchema = z.object({
  position: z.number().int(),
  startsAt: z.string(),
  status: z.enum(seriesOccurrenceStatuses),
  /** What it clashes with, or why it cannot be booked; empty when free. */
  message: z.string(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

export const seriesPreviewSchema = z.object({
  description: z.string(),
  occurrences: z.array(seriesOccurrenceSchema),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

export const createSeriesResultSchema = z.object({
  seriesId: z.string(),
  description: z.string(),
  /** The first booked appointment, to open its sheet. */
  firstBookingId: z.string(),
  booked: z.array(z.object({ position: z.number().int(), startsAt: z.string(), bookingId: z.string() })),
  notBooked: z.array(z.object({ position: z.number().int(), startsAt: z.string(), message: z.string() })),
});
export type CreateSeriesResult = z.infer<typeof createSeriesResultSchema>;

/** A series as the owner's booking sheet shows it. */
export const adminSeriesSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** This booking's place in the series (1-based). */
  position: z.number().int(),
  members: z.array(
    z.object({
      bookingId: z.string(),
      position: z.number().int(),
      startsAt: z.string(),
      status: bookingStatusSchema,
    }),
  ),
});
export type AdminSeries = z.infer<typeof adminSeriesSchema>;
export const bookingSeriesAnswerSchema = z.object({ series: adminSeriesSchema.nullable() });
export type BookingSeriesAnswer = z.infer<typeof bookingSeriesAnswerSchema>;

/** Cancels the future appointments of a series: all of them, or from one booking on ("this and following"). */
export const cancelSeriesInput = z.strictObject({
  fromBookingId: z.uuid('Not a valid id').optional(),
  reason: z.string().trim().max(500).default(''),
  notifyClient: z.boolean().default(true),
});
export type CancelSeriesInput = z.input<typeof cancelSeriesInput>;
export const cancelSeriesResultSchema = z.object({
  cancelled: z.number().int(),
  notCancelled: z.array(z.object({ bookingId: z.string(), startsAt: z.string(), message: z.string() })),
});
export type CancelSeriesResult = z.infer<typeof cancelSeriesResultSchema>;

/** Moves the future appointments of a series to another time of day on the same dates (all, or from one booking on). */
export const moveSeriesInput = z.strictObject({
  fromBookingId: z.uuid('Not a valid id').optional(),
  localTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 10:00'),
  notifyClient: z.boolean().default(true),
});
export type MoveSeriesInput = z.input<typeof moveSeriesInput>;
export const moveSeriesResultSchema = z.object({
  moved: z.number().int(),
  notMoved: z.array(z.object({ bookingId: z.string(), startsAt: z.string(), message: z.string() })),
});
export type MoveSeriesResult = z.infer<typeof moveSeriesResultSchema>;

/** A client's own series, on /bookings: "Every week on Tuesday at 10:00, 4 of 6 left". */
export const clientSeriesSchema = z.object({
  id: z.string(),
  description: z.string(),
  left: z.number().int(),
  total: z.number().int(),
  nextStartsAt: z.string().nullable(),
});
export type ClientSeries = z.infer<typeof clientSeriesSchema>;
export const clientSeriesListSchema = z.object({ series: z.array(clientSeriesSchema) });

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Every week on Tuesday at 10:00", "Every 2 weeks on …" (weekday 0 is Sunday, time on the business clock). */
export function describeSeries(series: { everyWeeks: number; weekday: number; localTime: string }): string {
  const every = series.everyWeeks === 1 ? 'Every week' : `Every ${series.everyWeeks} weeks`;
  return `${every} on ${weekdayNames[series.weekday] ?? 'Sunday'} at ${series.localTime}`;
}
