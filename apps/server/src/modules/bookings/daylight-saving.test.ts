/**
 * The UK's clock changes through the whole path: the free times of the change day (/api/slots), a booking at an
 * hour that shifts, its confirmation, its reminder and its calendar file. The clock is fixed a week before each
 * change (only Date is faked; timers run for real), and every expected instant is written out by hand in UTC.
 */
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessSettings, emailOutbox } from '../../db/schema.ts';
import { bookingBody, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { queueDueReminders } from './booking-reminders.ts';

let t: TestApp;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  await t.db.update(businessSettings).set({ streetAddress: '12 Example Street, London' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The words of an email for a moment, e.g. 'Sunday 28 March 2027 at 02:00 BST (Europe/London)' (ICU versions
 * differ on a comma after the weekday). */
function spoken(words: string): RegExp {
  const [weekday, ...rest] = words.split(' ');
  return new RegExp(`\\b${weekday},? ${rest.join(' ').replace(/[()/]/g, '\\$&')}`);
}

/** Every 15 minutes from `first` to `last` (UTC, both included), as the API writes instants. */
function quarterHours(first: string, last: string): string[] {
  const out: string[] = [];
  for (let at = Date.parse(first); at <= Date.parse(last); at += 15 * 60_000) out.push(new Date(at).toISOString());
  return out;
}

async function openTheNight(date: string) {
  const admin = await signedIn(t, { role: 'admin' });
  // A Sunday, closed by default: opened from midnight to 04:00 London time, across the change at 01:00 UTC.
  const opened = await admin.call('POST', '/api/admin/overrides', {
    date,
    kind: 'hours',
    ranges: [{ start: '00:00', end: '04:00' }],
    note: 'clock change test',
  });
  expect(opened.statusCode, opened.body).toBe(201);
}

async function bookAndFollow(startsAt: string) {
  const client = await signedIn(t);
  const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, startsAt));
  expect(made.statusCode, made.body).toBe(201);
  const booking = made.json() as { id: string; startsAt: string; endsAt: string };
  expect(booking.startsAt).toBe(startsAt);
  // 60 real minutes, whatever the clock on the wall does meanwhile.
  expect(Date.parse(booking.endsAt) - Date.parse(startsAt)).toBe(60 * 60_000);

  const [confirmation] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.confirmed')));

  // The reminder job, run 23 hours before the start.
  const queued = await queueDueReminders({ ...t.context, now: () => Date.parse(startsAt) - 23 * 3_600_000 });
  expect(queued).toBeGreaterThanOrEqual(1);
  const [reminder] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.reminder')));

  const file = await client.call('GET', `/api/bookings/${booking.id}/calendar.ics`);
  expect(file.statusCode).toBe(200);
  const vevent = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  return {
    confirmation: confirmation?.text ?? '',
    reminder: reminder?.text ?? '',
    icsStart: event.startDate.toJSDate().toISOString(),
    icsEnd: event.endDate.toJSDate().toISOString(),
  };
}

describe('the March change (Sunday 28 March 2027: 01:00 GMT becomes 02:00 BST)', () => {
  it('offers three real hours of slots that night, and a booking at 02:00 BST reads 02:00 BST everywhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-03-21T09:00:00Z') });
    await openTheNight('2027-03-28');
    const client = await signedIn(t);
    const slots = await client.call(
      'GET',
      `/api/slots?serviceId=${swedishId}&duration=60&from=2027-03-28&to=2027-03-28`,
    );
    expect(slots.statusCode).toBe(200);
    // 00:00 GMT (00:00Z) to 04:00 BST (03:00Z): the last hour-long slot starts at 02:00Z.
    expect(slots.json().days).toEqual([
      { date: '2027-03-28', slots: quarterHours('2027-03-28T00:00:00.000Z', '2027-03-28T02:00:00.000Z') },
    ]);

    const followed = await bookAndFollow('2027-03-28T01:00:00.000Z');
    expect(followed.confirmation).toMatch(spoken('Sunday 28 March 2027 at 02:00 BST (Europe/London)'));
    expect(followed.reminder).toMatch(spoken('Sunday 28 March 2027 at 02:00 BST (Europe/London)'));
    expect(followed.icsStart).toBe('2027-03-28T01:00:00.000Z');
    expect(followed.icsEnd).toBe('2027-03-28T02:00:00.000Z');
  });

  it('names GMT the week before and BST the week after, for the same 16:00 on the wall', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-03-15T09:00:00Z') });
    const before = await bookAndFollow('2027-03-19T16:00:00.000Z'); // Friday 19 March, 16:00 GMT
    expect(before.reminder).toMatch(spoken('Friday 19 March 2027 at 16:00 GMT (Europe/London)'));
    const after = await bookAndFollow('2027-04-02T15:00:00.000Z'); // Friday 2 April, 16:00 BST
    expect(after.reminder).toMatch(spoken('Friday 2 April 2027 at 16:00 BST (Europe/London)'));
    expect(after.icsStart).toBe('2027-04-02T15:00:00.000Z');
  });
});

describe('the October change (Sunday 31 October 2027: 02:00 BST becomes 01:00 GMT)', () => {
  it('offers five real hours of slots that night, and tells the two 01:30s apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-10-24T09:00:00Z') });
    await openTheNight('2027-10-31');
    const client = await signedIn(t);
    const slots = await client.call(
      'GET',
      `/api/slots?serviceId=${swedishId}&duration=60&from=2027-10-31&to=2027-10-31`,
    );
    expect(slots.statusCode).toBe(200);
    // 00:00 BST (23:00Z the day before) to 04:00 GMT (04:00Z): the last hour-long slot starts at 03:00Z.
    expect(slots.json().days).toEqual([
      { date: '2027-10-31', slots: quarterHours('2027-10-30T23:00:00.000Z', '2027-10-31T03:00:00.000Z') },
    ]);

    // 00:15Z is 01:15 BST, the first time round; 01:30Z is 01:30 GMT, the second.
    const first = await bookAndFollow('2027-10-31T00:15:00.000Z');
    expect(first.confirmation).toMatch(spoken('Sunday 31 October 2027 at 01:15 BST (Europe/London)'));
    expect(first.reminder).toMatch(spoken('Sunday 31 October 2027 at 01:15 BST (Europe/London)'));
    expect(first.icsStart).toBe('2027-10-31T00:15:00.000Z');
    expect(first.icsEnd).toBe('2027-10-31T01:15:00.000Z');
    const second = await bookAndFollow('2027-10-31T01:30:00.000Z');
    expect(second.confirmation).toMatch(spoken('Sunday 31 October 2027 at 01:30 GMT (Europe/London)'));
    expect(second.reminder).toMatch(spoken('Sunday 31 October 2027 at 01:30 GMT (Europe/London)'));
    expect(second.icsStart).toBe('2027-10-31T01:30:00.000Z');
    expect(second.icsEnd).toBe('2027-10-31T02:30:00.000Z');
  });
});
