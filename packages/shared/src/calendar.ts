import { z } from 'zod';
import { localDateSchema } from './availability.ts';
import type { PersonalBusy } from './outside-calendars.ts';

export const calendarQuery = z.object({ from: localDateSchema, to: localDateSchema });

/** What the availability calendar shows. A lodger gets only `open` and `busy`: no names, services or notes. */
export type LodgerCalendar = {
  timeZone: string;
  open: { start: string; end: string }[];
  busy: { start: string; end: string }[];
};
export type AdminCalendar = LodgerCalendar & {
  bookings: { id: string; start: string; end: string; title: string; status: string }[];
  blocks: { id: string; start: string; end: string; reason: string }[];
  /** The owner's other calendars (decision 071): the owner's own titles, never in a lodger's answer. */
  personal: PersonalBusy[];
};

export const feedKinds = ['admin', 'lodger'] as const;
export type CalendarFeed = { id: string; kind: (typeof feedKinds)[number]; url: string | null; createdAt: string };
