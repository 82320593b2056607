// Schemas and types of analytics: how the diary and the takings move over time.
// Dates are YYYY-MM-DD in the business time zone; money is whole pence, net of VAT (ledger income).
import { z } from 'zod';
import { lastDayWithinYears, periodFields, periodRule } from './fields.ts';
import { labelledValues } from './labelled.ts';

/** The longest range a chart covers, so a mistyped year cannot ask for a century. */
export const MAX_ANALYTICS_YEARS = 10;

export const analyticsBuckets = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof analyticsBuckets)[number];

/** The last day a range starting on `from` may reach: the day before the same date ten years on. */
export const lastAnalyticsDay = (from: string): string => lastDayWithinYears(from, MAX_ANALYTICS_YEARS);

const checkRange = periodRule(MAX_ANALYTICS_YEARS, `Choose at most ${MAX_ANALYTICS_YEARS} years`);

const range = z.strictObject(periodFields);

/** For the charts that have no time axis. */
export const analyticsRangeQuery = range.superRefine(checkRange);
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuery>;

/** For the charts drawn over time. */
export const analyticsBucketQuery = range
  .extend({ bucket: z.enum(analyticsBuckets).default('month') })
  .superRefine(checkRange);
export type AnalyticsBucketQuery = z.input<typeof analyticsBucketQuery>;

export type BookingCounts = {
  pending: number;
  confirmed: number;
  completed: number;
  noShow: number;
  cancelled: number;
};

/** One bucket: `start` is its first day (a Monday for weeks, the 1st for months), clipped to the range. */
export type BookingsOverTimePoint = BookingCounts & { start: string; total: number; revenuePence: number };
export type BookingsOverTime = {
  bucket: AnalyticsBucket;
  points: BookingsOverTimePoint[];
  totals: BookingCounts & { total: number; revenuePence: number };
};

export type ServiceFigures = {
  style: 'therapeutic' | 'sensual' | null;
  /** null: income the ledger holds without a service (other income). */
  type: string | null;
  name: string;
  /** Bookings that were not cancelled. */
  bookings: number;
  completed: number;
  revenuePence: number;
};
export type ByService = {
  services: ServiceFigures[];
  byStyle: { style: string; bookings: number; revenuePence: number }[];
};

export type OccupancyPoint = { start: string; bookedMinutes: number; openMinutes: number; rate: number | null };
export type Occupancy = {
  bucket: AnalyticsBucket;
  points: OccupancyPoint[];
  overall: Omit<OccupancyPoint, 'start'>;
};

/** Of the bookings starting in the range; rates are fractions 0–1, null when there is nothing to divide. */
export type Outcomes = {
  bookings: number;
  completed: number;
  noShows: number;
  cancelledByClient: number;
  cancelledByBusiness: number;
  clientCancellationRate: number | null;
  businessCancellationRate: number | null;
  /** No-shows among the appointments that came due (completed + no-show). */
  noShowRate: number | null;
};

export type ClientsPoint = { start: string; new: number; returning: number };
export type ClientsOverTime = {
  bucket: AnalyticsBucket;
  points: ClientsPoint[];
  totals: { new: number; returning: number };
};

export const [leadTimeBands, leadTimeBandLabels] = labelledValues({
  same_day: 'Same day',
  '1_2': '1–2 days',
  '3_7': '3–7 days',
  '8_14': '8–14 days',
  '15_30': '15–30 days',
  over_30: 'Over 30 days',
});
export type LeadTimeBand = (typeof leadTimeBands)[number];
export type LeadTime = {
  bands: { band: LeadTimeBand; bookings: number }[];
  bookings: number;
  /** Median time from booking to appointment, in days (fractional); null without bookings. */
  medianDays: number | null;
};

/** ISO weekdays: 1 is Monday, 7 Sunday; hours 0–23 of the business's clock. */
export type Heatmap = { cells: { weekday: number; hour: number; bookings: number }[]; max: number };

/** The first and last day with a booking, for the "all time" range. */
export type AnalyticsSpan = { first: string | null; last: string | null };
