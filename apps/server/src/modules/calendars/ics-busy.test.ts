/**
 * Reading the owner's other calendars into busy times. Every expected instant is written out by hand in UTC; the
 * calendars are shaped like Google's and Outlook's secret iCal addresses.
 */
import { describe, expect, it } from 'vitest';
import { busyTimesOf } from './ics-busy.ts';

const LONDON_VTIMEZONE = `BEGIN:VTIMEZONE
TZID:Europe/London
X-LIC-LOCATION:Europe/London
BEGIN:DAYLIGHT
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
DTSTART:19700329T010000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
DTSTART:19701025T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

const calendar = (...parts: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', ...parts, 'END:VCALENDAR']
    .join('\n')
    .replace(/\r?\n/g, '\r\n');

const window = {
  from: Date.parse('2027-10-01T00:00:00Z'),
  to: Date.parse('2027-12-31T00:00:00Z'),
  timeZone: 'Europe/London',
};
const spans = (text: string, w = window) =>
  busyTimesOf(text, w).map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]);

describe('busy times of an outside calendar', () => {
  it('keeps a weekly 10:00 London event at 10:00 on both sides of the October clock change', () => {
    const text = calendar(
      LONDON_VTIMEZONE,
      `BEGIN:VEVENT
UID:pilates@google.com
DTSTART;TZID=Europe/London:20271019T100000
DTEND;TZID=Europe/London:20271019T110000
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Pilates
END:VEVENT`,
    );
    expect(spans(text)).toEqual([
      ['2027-10-19T09:00:00.000Z', '2027-10-19T10:00:00.000Z'],
      ['2027-10-26T09:00:00.000Z', '2027-10-26T10:00:00.000Z'],
      // The clocks went back on 31 October: 10:00 GMT is 10:00 UTC.
      ['2027-11-02T10:00:00.000Z', '2027-11-02T11:00:00.000Z'],
    ]);
  });

  it('leaves out an occurrence taken away by EXDATE and moves one changed by RECURRENCE-ID', () => {
    const text = calendar(
      LONDON_VTIMEZONE,
      `BEGIN:VEVENT
UID:dentist@google.com
DTSTART;TZID=Europe/London:20271104T140000
DTEND;TZID=Europe/London:20271104T150000
RRULE:FREQ=WEEKLY;UNTIL=20271125T235959Z
EXDATE;TZID=Europe/London:20271111T140000
SUMMARY:Dentist
END:VEVENT`,
      `BEGIN:VEVENT
UID:dentist@google.com
RECURRENCE-ID;TZID=Europe/London:20271118T140000
DTSTART;TZID=Europe/London:20271119T090000
DTEND;TZID=Europe/London:20271119T093000
SUMMARY:Dentist (moved)
END:VEVENT`,
    );
    expect(busyTimesOf(text, window).map((b) => [new Date(b.start).toISOString(), b.title])).toEqual([
      ['2027-11-04T14:00:00.000Z', 'Dentist'],
      ['2027-11-19T09:00:00.000Z', 'Dentist (moved)'],
      ['2027-11-25T14:00:00.000Z', 'Dentist'],
    ]);
  });

  it('drops an occurrence cancelled by its exception and events marked free', () => {
    const text = calendar(
      `BEGIN:VEVENT
UID:yoga@google.com
DTSTART:20271101T180000Z
DTEND:20271101T190000Z
RRULE:FREQ=DAILY;COUNT=2
SUMMARY:Yoga
END:VEVENT`,
      `BEGIN:VEVENT
UID:yoga@google.com
RECURRENCE-ID:20271102T180000Z
DTSTART:20271102T180000Z
DTEND:20271102T190000Z
STATUS:CANCELLED
END:VEVENT`,
      `BEGIN:VEVENT
UID:reminder@google.com
DTSTART:20271103T120000Z
DTEND:20271103T130000Z
TRANSP:TRANSPARENT
SUMMARY:Call mum (free)
END:VEVENT`,
    );
    expect(spans(text)).toEqual([['2027-11-01T18:00:00.000Z', '2027-11-01T19:00:00.000Z']]);
  });

  it('blocks a whole London day for an all-day event, in summer time as in winter', () => {
    const text = calendar(
      `BEGIN:VEVENT
UID:holiday@google.com
DTSTART;VALUE=DATE:20271030
DTEND;VALUE=DATE:20271101
SUMMARY:Weekend away
END:VEVENT`,
      `BEGIN:VEVENT
UID:birthday@google.com
DTSTART;VALUE=DATE:20271201
SUMMARY:No end given: one day
END:VEVENT`,
    );
    expect(spans(text)).toEqual([
      // From midnight BST on Saturday to midnight GMT on Monday: 49 hours, the clock change in between.
      ['2027-10-29T23:00:00.000Z', '2027-11-01T00:00:00.000Z'],
      ['2027-12-01T00:00:00.000Z', '2027-12-02T00:00:00.000Z'],
    ]);
  });

  it("reads a zone known only by the calendar's own VTIMEZONE (Outlook's Windows names)", () => {
    const text = calendar(
      `BEGIN:VTIMEZONE
TZID:GMT Standard Time
BEGIN:STANDARD
DTSTART:16010101T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010101T010000
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
END:DAYLIGHT
END:VTIMEZONE`,
      `BEGIN:VEVENT
UID:outlook-1
DTSTART;TZID=GMT Standard Time:20271029T083000
DTEND;TZID=GMT Standard Time:20271029T093000
SUMMARY:School run
END:VEVENT`,
    );
    expect(spans(text)).toEqual([['2027-10-29T07:30:00.000Z', '2027-10-29T08:30:00.000Z']]);
  });

  it('keeps only what falls in the window, and stops an endless rule at the window', () => {
    const text = calendar(
      `BEGIN:VEVENT
UID:forever@google.com
DTSTART:20200106T120000Z
DTEND:20200106T130000Z
RRULE:FREQ=DAILY
SUMMARY:Lunch
END:VEVENT`,
    );
    const days = spans(text, {
      from: Date.parse('2027-11-01T00:00:00Z'),
      to: Date.parse('2027-11-04T00:00:00Z'),
      timeZone: 'Europe/London',
    });
    expect(days).toEqual([
      ['2027-11-01T12:00:00.000Z', '2027-11-01T13:00:00.000Z'],
      ['2027-11-02T12:00:00.000Z', '2027-11-02T13:00:00.000Z'],
      ['2027-11-03T12:00:00.000Z', '2027-11-03T13:00:00.000Z'],
    ]);
  });

  it('refuses text that is not a calendar', () => {
    expect(() => busyTimesOf('<html>Sign in</html>', window)).toThrow();
    expect(() => busyTimesOf('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD', window)).toThrow(/calendar/);
  });
});
