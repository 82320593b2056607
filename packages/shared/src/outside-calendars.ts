import { z } from 'zod';

/** The owner's other calendars (Google, iCloud, Outlook), read as busy time. */
export const outsideCalendarInput = z.object({
  label: z.string().trim().min(1, 'Give the calendar a name, such as "Personal"').max(80, 'At most 80 characters'),
  url: z
    .string()
    .trim()
    .max(2000, 'This address is too long')
    // webcal:// is how Apple and Outlook often show the same https address.
    .transform((value) => value.replace(/^webcal:\/\//i, 'https://'))
    .pipe(
      z.url({
        protocol: /^https?$/,
        message: "Paste the calendar's private address in iCal format, starting with https://",
      }),
    ),
});
export type OutsideCalendarInput = z.input<typeof outsideCalendarInput>;

/**
 * One calendar as the owner sees it: the name and address they gave, and how its refreshes go (stale when the last
 * refresh failed; the last good copy is still used).
 */
export type OutsideCalendar = z.output<typeof outsideCalendarInput> & {
  id: string;
  refreshedAt: string | null;
  checkedAt: string | null;
  lastError: string | null;
  stale: boolean;
  busyCount: number;
};

/** A personal busy time in the owner's diary; `title` is the owner's own event title. */
export type PersonalBusy = { start: string; end: string; title: string };
