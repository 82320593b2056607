import ICAL from 'ical.js';
import { zonedInstant } from '../../lib/zoned-time.ts';

export type BusyTime = { start: number; end: number; title: string };

/** A runaway rule (FREQ=SECONDLY with no end) stops here instead of holding the worker. */
const MAX_OCCURRENCES_PER_EVENT = 5_000;

function isTimeZoneName(name: string | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instant of an iCalendar time. A TZID that names an IANA zone is read with the platform's zone data (the same
 * as the slots use), so a feed's VTIMEZONE cannot disagree with the diary at a clock change; a zone known only by its
 * VTIMEZONE (Outlook's "GMT Standard Time") is read from that; a floating time or a whole day is the business's.
 */
function instantOf(time: ICAL.Time, tzid: string | undefined, businessZone: string): number {
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return zonedInstant(date, '00:00', businessZone);
  const zone = time.zone?.tzid;
  if (zone === 'UTC') return time.toUnixTime() * 1000;
  const wall = `${pad(time.hour)}:${pad(time.minute)}`;
  if (isTimeZoneName(tzid)) return zonedInstant(date, wall, tzid);
  if (zone && zone !== 'floating') return time.toUnixTime() * 1000;
  return zonedInstant(date, wall, businessZone);
}

function tzidOf(component: ICAL.Component, name: 'dtstart' | 'dtend'): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

/** Free time in the owner's calendar (marked "free", or cancelled) does not block anything. */
function isBusy(component: ICAL.Component): boolean {
  const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/**
 * The busy times of an iCalendar text between two instants: recurring events expanded (RRULE, RDATE, EXDATE), moved
 * or cancelled occurrences (RECURRENCE-ID) applied, time zones read. Throws on text that is not iCalendar.
 */
export function busyTimesOf(text: string, window: { from: number; to: number; timeZone: string }): BusyTime[] {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== 'vcalendar') throw new Error('This address does not answer with a calendar (no VCALENDAR).');
  const registered: string[] = [];
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    // IANA zones are read from the platform; only the others need the feed's own definition.
    if (typeof tzid === 'string' && !isTimeZoneName(tzid)) {
      ICAL.TimezoneService.register(vtimezone);
      registered.push(tzid);
    }
  }
  try {
    return expandEvents(root, window);
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

function expandEvents(root: ICAL.Component, window: { from: number; to: number; timeZone: string }): BusyTime[] {
  const vevents = root.getAllSubcomponents('vevent');
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents)
    if (vevent.hasProperty('recurrence-id')) {
      const uid = String(vevent.getFirstPropertyValue('uid'));
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
    }
  const busy: BusyTime[] = [];
  for (const vevent of vevents) {
    if (vevent.hasProperty('recurrence-id') || !vevent.hasProperty('dtstart')) continue;
    const event = new ICAL.Event(vevent, { strictExceptions: false });
    for (const exception of exceptions.get(event.uid) ?? []) event.relateException(exception);
    if (!event.isRecurring()) {
      if (isBusy(vevent)) pushOccurrence(busy, vevent, event.startDate, event.endDate, window);
      continue;
    }
    const iterator = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES_PER_EVENT; count++) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const component = details.item.component;
      if (isBusy(component)) pushOccurrence(busy, component, details.startDate, details.endDate, window);
      // An occurrence moved later by an exception is still found: the rule's own dates are what end the walk.
      if (instantOf(next, tzidOf(vevent, 'dtstart'), window.timeZone) >= window.to) break;
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

function pushOccurrence(
  busy: BusyTime[],
  component: ICAL.Component,
  startDate: ICAL.Time,
  endDate: ICAL.Time | null,
  window: { from: number; to: number; timeZone: string },
) {
  const start = instantOf(startDate, tzidOf(component, 'dtstart'), window.timeZone);
  // No end: a timed event is a moment (nothing is busy), a date is the whole day (RFC 5545 3.6.1).
  const end = endDate
    ? instantOf(endDate, tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart'), window.timeZone)
    : startDate.isDate
      ? zonedInstantOfNextDay(startDate, window.timeZone)
      : start;
  if (end <= start || end <= window.from || start >= window.to) return;
  busy.push({ start, end, title: String(component.getFirstPropertyValue('summary') ?? '').slice(0, 200) });
}

function zonedInstantOfNextDay(date: ICAL.Time, timeZone: string): number {
  const next = date.clone();
  next.adjust(1, 0, 0, 0);
  return instantOf(next, undefined, timeZone);
}
