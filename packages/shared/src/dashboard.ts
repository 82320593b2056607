import { z } from 'zod';
import type { AdminBooking } from './admin-bookings.ts';

/** The owner's figures for one period on the dashboard, set beside those of the period before. */
export type PeriodFigures = {
  bookings: number;
  revenuePence: number;
  /** Share of open hours booked, 0..1. */
  occupancy: number;
  cancellations: number;
  noShows: number;
};

/**
 * The ways money reaches the business, as the books keep it: each is a money account of the ledger (cash in hand,
 * the bank, the card machine's clearing, Stripe's clearing for cards paid online).
 */
export const takingsWays = ['cash', 'card', 'bank_transfer', 'online'] as const;
export const takingsWaySchema = z.enum(takingsWays);
export type TakingsWay = z.infer<typeof takingsWaySchema>;

/**
 * Money received on one day of the business's clock, whatever it was for (an appointment, a deposit for another
 * day, a voucher or course sold, an invoice settled), less what was paid back to clients that day.
 */
export const takingsSchema = z.object({
  date: z.iso.date(),
  totalPence: z.number().int(),
  /** Each way of payment that moved money that day, in the order of `takingsWays`; none when nothing did. */
  byWay: z.array(z.object({ way: takingsWaySchema, pence: z.number().int() })),
});
export type Takings = z.infer<typeof takingsSchema>;

/** The nightly backup as the dashboard tells it. */
export const backupStatusSchema = z.object({
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  /** The last good backup is more than two days old, or there is none. */
  overdue: z.boolean(),
  /** Why the last backup failed, when it failed after the last good one. */
  lastError: z.string().nullable(),
  /**
   * What the warning is about (this failure, or being overdue since that last good backup); null when all is well.
   * A warning the owner hid shows again once this changes.
   */
  warning: z.string().nullable(),
  /** The signed-in owner hid this very warning. */
  warningHidden: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** Hiding the backup warning the owner has read: the one named, so a newer one shows whatever the order. */
export const hideBackupWarningInput = z.strictObject({ warning: z.string().min(1).max(200) });
export type HideBackupWarningInput = z.infer<typeof hideBackupWarningInput>;

/** GET /api/admin/dashboard: the owner's morning view. */
export type Dashboard = {
  /** Today on the business's clock (YYYY-MM-DD) and that clock. */
  today: string;
  timeZone: string;
  hour: number;
  /** The next eight days' bookings, today first. */
  timeline: AdminBooking[];
  pending: AdminBooking[];
  figures: { week: PeriodFigures; previousWeek: PeriodFigures; month: PeriodFigures; previousMonth: PeriodFigures };
  /** Money received today, from the books. */
  takings: Takings;
  newCustomers: { id: string; name: string; email: string; createdAt: string }[];
  failedEmails: { id: string; recipient: string; subject: string; lastError: string | null; createdAt: string }[];
  backup: BackupStatus;
  /** The owner's other calendars that could not be read lately; their last good copy still closes the slots. */
  staleCalendars: { id: string; label: string; lastError: string | null; refreshedAt: string | null }[];
};
