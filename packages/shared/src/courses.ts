import { z } from 'zod';
import { entityIdSchema } from './fields.ts';
import { labelledValues } from './labelled.ts';
import { paymentMethodSchema } from './payments.ts';

// Courses of sessions (decisions 081 and 082): N sessions of one treatment and length, paid ahead,
// used one booking at a time until they run out or the course expires.

/** A sensual course is never bought by card online (decision 065): the owner sells it in person. */
export const COURSE_ONLINE_REFUSAL =
  'This course is sold in person only: Stripe does not allow card payments for sensual massage. Ask us at your next visit.';

export const [courseStatuses, courseStatusLabels] = labelledValues({
  awaiting_payment: 'Awaiting payment',
  active: 'Active',
  used_up: 'All used',
  expired: 'Expired',
  cancelled: 'Cancelled',
});
export type CourseStatus = (typeof courseStatuses)[number];

/** A course the owner offers: which treatment and length, how many sessions, for what price, valid how long. */
export const courseProductInput = z.strictObject({
  serviceId: entityIdSchema,
  durationMinutes: z.number().int().min(15).max(480),
  sessions: z
    .number({ message: 'Enter the number of sessions' })
    .int('Use a whole number of sessions')
    .min(2, 'A course has at least 2 sessions')
    .max(50, 'A course has at most 50 sessions'),
  pricePence: z
    .number({ message: 'Enter the price of the course' })
    .int('Use whole pence')
    .min(100, 'A course costs at least £1')
    .max(2_000_000, 'A course costs at most £20,000'),
  expiryMonths: z
    .number({ message: 'Enter how many months the course is valid' })
    .int('Use whole months')
    .min(1, 'A course is valid for at least 1 month')
    .max(60, 'A course is valid for at most 60 months'),
  active: z.boolean().default(true),
});
export type CourseProductInput = z.input<typeof courseProductInput>;

export type CourseProduct = {
  id: string;
  serviceId: string | null;
  /** "5 × 60 min Deep tissue" */
  label: string;
  serviceName: string;
  style: 'therapeutic' | 'sensual';
  durationMinutes: number;
  sessions: number;
  pricePence: number;
  expiryMonths: number;
  active: boolean;
  /** What the same sessions cost one by one today (null when the length is no longer offered). */
  singlePricePence: number | null;
};

/** The owner records a course sold at the till to a client, and how it was paid. */
export const sellCourseInput = z.strictObject({
  productId: entityIdSchema,
  clientId: z.string().trim().min(1, 'Choose the client'),
  method: paymentMethodSchema,
});
export type SellCourseInput = z.input<typeof sellCourseInput>;

/** A signed-in client buys a (therapeutic) course online through Stripe. */
export const buyCourseInput = z.strictObject({ productId: entityIdSchema });
export type BuyCourseInput = z.input<typeof buyCourseInput>;

/** The owner corrects the sessions left on a course, always with a reason (audited). */
export const adjustCourseInput = z.strictObject({
  change: z
    .number({ message: 'Enter how many sessions to add or take off' })
    .int('Use a whole number of sessions')
    .min(-50)
    .max(50)
    .refine((value) => value !== 0, 'Add or take off at least one session'),
  reason: z.string().trim().min(3, 'Say why the sessions change').max(500),
});
export type AdjustCourseInput = z.input<typeof adjustCourseInput>;

export const courseHistoryKinds = ['bought', 'used', 'returned', 'adjusted', 'expired'] as const;
export type CourseHistoryKind = (typeof courseHistoryKinds)[number];

export type CourseHistoryItem = {
  kind: CourseHistoryKind;
  at: string;
  /** Sessions the event added (+) or took (-). */
  change: number;
  bookingId: string | null;
  bookingStartsAt: string | null;
  reason: string | null;
};

export type Course = {
  id: string;
  clientId: string;
  clientName: string;
  label: string;
  serviceId: string | null;
  serviceName: string;
  style: 'therapeutic' | 'sensual';
  durationMinutes: number;
  sessions: number;
  sessionsLeft: number;
  pricePence: number;
  status: CourseStatus;
  soldBy: 'cash' | 'card' | 'bank_transfer' | 'online';
  expiresOn: string;
  createdAt: string;
  history: CourseHistoryItem[];
};

export type CoursePurchase = { course: Course; clientSecret: string | null };

/** "5 × 60 min Deep tissue" */
export function courseLabel(course: { sessions: number; durationMinutes: number; serviceName: string }): string {
  return `${course.sessions} × ${course.durationMinutes} min ${course.serviceName}`;
}

/** "Use 1 of 3 sessions left" */
export function oneSessionOfLabel(sessionsLeft: number): string {
  return `Use 1 of ${sessionsLeft} session${sessionsLeft === 1 ? '' : 's'} left`;
}
