/**
 * Standing appointments (issue 24 part 4): a series computed on the business clock, its dates checked before
 * saving, each placed as an ordinary booking, and the rest of it cancelled. The clock is fixed in early October
 * 2027 (only Date is faked); every expected instant is written out by hand in UTC.
 */
import { randomUUID } from 'node:crypto';
import type { SeriesPreview } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { booking, businessSettings } from '../../db/schema.ts';
import { bookingBody, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  // The diary open four months ahead, so a series through November can be booked from early October.
  await t.db.update(businessSettings).set({ horizonDays: 120 });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-10-05T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

let keys = 0;
const seriesBody = (customerId: string, startsAt: string, repeat: Record<string, unknown>, extra = {}) => ({
  serviceId: swedishId,
  durationMinutes: 60,
  startsAt,
  customer: { id: customerId },
  repeat,
  idempotencyKey: `series-key-${++keys}-${Math.random().toString(36).slice(2)}`,
  ...extra,
});

async function people() {
  return { admin: await signedIn(t, { role: 'admin' }), client: await signedIn(t) };
}

describe('a weekly series across the autumn clock change', () => {
  it('stays at 10:00 London every week from mid-October through November', async () => {
    const { admin, client } = await people();
    // Tuesday 19 October 2027 10:00 BST; the clocks go back on Sunday 31 October.
    const body = seriesBody(client.id, '2027-10-19T09:00:00Z', { everyWeeks: 1, until: '2027-11-30' });
    const preview = await admin.call('POST', '/api/admin/series/preview', {
      serviceId: body.serviceId,
      durationMinutes: 60,
      startsAt: body.startsAt,
      repeat: body.repeat,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const expected = [
      '2027-10-19T09:00:00.000Z',
      '2027-10-26T09:00:00.000Z',
      '2027-11-02T10:00:00.000Z',
      '2027-11-09T10:00:00.000Z',
      '2027-11-16T10:00:00.000Z',
      '2027-11-23T10:00:00.000Z',
      '2027-11-30T10:00:00.000Z',
    ];
    const answer = preview.json() as SeriesPreview;
    expect(answer.description).toBe('Every week on Tuesday at 10:00');
    expect(answer.occurrences.map((o) => [o.startsAt, o.status])).toEqual(expected.map((at) => [at, 'free']));

    const made = await admin.call('POST', '/api/admin/series', body);
    expect(made.statusCode, made.body).toBe(201);
    const result = made.json() as { booked: { startsAt: string; bookingId: string }[]; notBooked: unknown[] };
    expect(result.notBooked).toEqual([]);
    expect(result.booked.map((b) => b.startsAt)).toEqual(expected);
    // Each one is an ordinary confirmed booking of the client's, an hour long in real time.
    for (const one of result.booked) {
      const [row] = await t.db.select().from(booking).where(eq(booking.id, one.bookingId));
      expect(row?.status).toBe('confirmed');
      expect(row?.clientId).toBe(client.id);
      expect(row?.startsAt.toISOString()).toBe(one.startsAt);
      expect((row?.endsAt.getTime() ?? 0) - (row?.startsAt.getTime() ?? 0)).toBe(3_600_000);
    }

    const mine = await client.call('GET', '/api/series');
    expect(mine.json()).toEqual({
      series: [
        {
          id: expect.any(String),
          description: 'Every week on Tuesday at 10:00',
          left: 7,
          total: 7,
          nextStartsAt: expected[0],
        },
      ],
    });
    // A retry of the same request finds the series it made, and books nothing twice.
    const again = await admin.call('POST', '/api/admin/series', body);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as typeof result).booked.map((b) => b.bookingId)).toEqual(
      result.booked.map((b) => b.bookingId),
    );
  });
});

describe('conflicts before saving', () => {
  it('names what each date clashes with and what is outside hours, and books the rest', async () => {
    const { admin, client } = await people();
    const other = await signedIn(t);
    // Wednesdays at 14:00 from 6 October, five times; someone already has 20 October at 14:30.
    const taken = await other.call('POST', '/api/bookings', bookingBody(swedishId, '2027-10-20T13:30:00Z'));
    expect(taken.statusCode, taken.body).toBe(201);
    const closed = await admin.call('POST', '/api/admin/overrides', {
      date: '2027-10-27',
      kind: 'closed',
      ranges: [],
      note: 'away',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const body = seriesBody(client.id, '2027-10-06T13:00:00Z', { everyWeeks: 1, count: 5 });
    const preview = await admin.call('POST', '/api/admin/series/preview', {
      serviceId: body.serviceId,
      durationMinutes: 60,
      startsAt: body.startsAt,
      repeat: body.repeat,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const occurrences = (preview.json() as SeriesPreview).occurrences;
    expect(occurrences.map((o) => [o.startsAt, o.status])).toEqual([
      ['2027-10-06T13:00:00.000Z', 'free'],
      ['2027-10-13T13:00:00.000Z', 'free'],
      ['2027-10-20T13:00:00.000Z', 'clash'],
      ['2027-10-27T13:00:00.000Z', 'outside_hours'],
      ['2027-11-03T14:00:00.000Z', 'free'],
    ]);
    expect(occurrences[2]?.message).toBe('Sam Client, Swedish massage at 14:30');

    // The owner skips the clash; the closed day, left in, is refused by the placement and reported.
    const made = await admin.call('POST', '/api/admin/series', { ...body, skip: ['2027-10-20T13:00:00.000Z'] });
    expect(made.statusCode, made.body).toBe(201);
    const result = made.json() as {
      booked: { position: number }[];
      notBooked: { position: number; message: string }[];
    };
    expect(result.booked.map((b) => b.position)).toEqual([1, 2, 5]);
    expect(result.notBooked).toEqual([
      { position: 4, startsAt: '2027-10-27T13:00:00.000Z', message: expect.stringContaining('not available') },
    ]);
    const mine = await client.call('GET', '/api/series');
    expect(mine.json()).toMatchObject({
      series: [{ description: 'Every week on Wednesday at 14:00', left: 3, total: 3 }],
    });
  });

  it('books a series for a new customer, and a retry of it finds the same customer and bookings', async () => {
    const { admin } = await people();
    const body = {
      ...seriesBody('unused', '2027-10-11T15:00:00Z', { everyWeeks: 4, count: 2 }),
      customer: { name: 'Nina Newcomer', email: 'nina.series@example.test', phone: '+44 7700 900321' },
    };
    const made = await admin.call('POST', '/api/admin/series', body);
    expect(made.statusCode, made.body).toBe(201);
    const again = await admin.call('POST', '/api/admin/series', body);
    expect(again.statusCode, again.body).toBe(201);
    const ids = (answer: typeof made) =>
      (answer.json() as { booked: { bookingId: string }[] }).booked.map((b) => b.bookingId);
    expect(ids(again)).toEqual(ids(made));
    expect(ids(made)).toHaveLength(2);
  });

  it('refuses a series with neither a count nor an end date, and one whose every date is skipped', async () => {
    const { admin, client } = await people();
    const vague = await admin.call('POST', '/api/admin/series/preview', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: '2027-10-08T09:00:00Z',
      repeat: { everyWeeks: 1 },
    });
    expect(vague.statusCode).toBe(400);
    expect(vague.body).toContain('Say how many times, or until which date');
    const everything = seriesBody(
      client.id,
      '2027-10-08T09:00:00Z',
      { everyWeeks: 2, count: 2 },
      {
        skip: ['2027-10-08T09:00:00.000Z', '2027-10-22T09:00:00.000Z'],
      },
    );
    const refused = await admin.call('POST', '/api/admin/series', everything);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Every date is skipped');
  });
});

describe('changing a series', () => {
  it('cancels this and the following, then the whole rest, and leaves the client one line per series', async () => {
    const { admin, client } = await people();
    // Thursdays at 11:00, every two weeks, four times.
    const made = await admin.call(
      'POST',
      '/api/admin/series',
      seriesBody(client.id, '2027-10-07T10:00:00Z', { everyWeeks: 2, count: 4 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { seriesId, booked } = made.json() as { seriesId: string; booked: { bookingId: string; startsAt: string }[] };
    expect(booked.map((b) => b.startsAt)).toEqual([
      '2027-10-07T10:00:00.000Z',
      '2027-10-21T10:00:00.000Z',
      '2027-11-04T11:00:00.000Z',
      '2027-11-18T11:00:00.000Z',
    ]);
    const [first, second, third] = booked.map((b) => b.bookingId);

    const sheet = await admin.call('GET', `/api/admin/bookings/${second}/series`);
    expect(sheet.json()).toMatchObject({
      series: { id: seriesId, description: 'Every 2 weeks on Thursday at 11:00', position: 2 },
    });

    // One on its own is cancelled by the ordinary cancelling; the series counts what is left.
    const one = await admin.call('POST', `/api/admin/bookings/${second}/cancel`, { reason: 'Ill' });
    expect(one.statusCode, one.body).toBe(200);
    expect((await client.call('GET', '/api/series')).json()).toMatchObject({ series: [{ left: 3, total: 3 }] });

    const rest = await admin.call('POST', `/api/admin/series/${seriesId}/cancel`, {
      fromBookingId: third,
      reason: 'Moving away',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ cancelled: 2, notCancelled: [] });
    const after = await admin.call('GET', `/api/admin/bookings/${first}/series`);
    expect((after.json() as { series: { members: { status: string }[] } }).series.members.map((m) => m.status)).toEqual(
      ['confirmed', 'cancelled', 'cancelled', 'cancelled'],
    );
    expect((await client.call('GET', '/api/series')).json()).toMatchObject({ series: [{ left: 1, total: 1 }] });

    const whole = await admin.call('POST', `/api/admin/series/${seriesId}/cancel`, {});
    expect(whole.json()).toEqual({ cancelled: 1, notCancelled: [] });
    expect((await client.call('GET', '/api/series')).json()).toEqual({ series: [] });
  });

  it('moves this and the following to another time of day, then the whole rest, on the business clock', async () => {
    const { admin, client } = await people();
    // Fridays at 10:00 from 22 October, three times, across the clock change.
    const made = await admin.call(
      'POST',
      '/api/admin/series',
      seriesBody(client.id, '2027-10-22T09:00:00Z', { everyWeeks: 1, count: 3 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { seriesId, booked } = made.json() as { seriesId: string; booked: { bookingId: string }[] };
    const starts = async () =>
      (
        (await admin.call('GET', `/api/admin/bookings/${booked[0]?.bookingId}/series`)).json() as {
          series: { description: string; members: { startsAt: string }[] };
        }
      ).series;

    const following = await admin.call('POST', `/api/admin/series/${seriesId}/move`, {
      fromBookingId: booked[1]?.bookingId,
      localTime: '15:00',
    });
    expect(following.json()).toEqual({ moved: 2, notMoved: [] });
    expect((await starts()).members.map((m) => m.startsAt)).toEqual([
      '2027-10-22T09:00:00.000Z',
      '2027-10-29T14:00:00.000Z',
      '2027-11-05T15:00:00.000Z',
    ]);
    // Not all of it moved: the series still says its first time.
    expect((await starts()).description).toBe('Every week on Friday at 10:00');

    const whole = await admin.call('POST', `/api/admin/series/${seriesId}/move`, { localTime: '16:00' });
    expect(whole.json()).toEqual({ moved: 3, notMoved: [] });
    expect((await starts()).description).toBe('Every week on Friday at 16:00');
    const refused = await admin.call('POST', `/api/admin/series/${seriesId}/move`, { localTime: '25:00' });
    expect(refused.statusCode).toBe(400);
  });

  it('answers a booking on its own with no series, and an unknown series with 404', async () => {
    const { admin, client } = await people();
    const single = await client.call('POST', '/api/bookings', bookingBody(swedishId, '2027-10-15T09:00:00Z'));
    expect(single.statusCode, single.body).toBe(201);
    const sheet = await admin.call('GET', `/api/admin/bookings/${(single.json() as { id: string }).id}/series`);
    expect(sheet.json()).toEqual({ series: null });
    const unknown = await admin.call('POST', `/api/admin/series/${randomUUID()}/cancel`, {});
    expect(unknown.statusCode).toBe(404);
  });
});
