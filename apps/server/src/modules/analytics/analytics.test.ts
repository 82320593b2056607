import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOverride, blockedPeriod, booking, user } from '../../db/schema.ts';
import { localIso, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { medianOfBins } from './analytics-time.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

type Known = {
  client: 'a' | 'b' | 'c';
  type: 'swedish' | 'deeptissue' | 'sensual';
  minutes: number;
  price: number;
  date: string;
  time: string;
  status: 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled';
  bookedOn: [string, string];
  cancelledBy?: 'client' | 'business';
  paidAt?: string;
};

/**
 * Three clients' summer of 2025 on the London clock (BST). Booking 2 starts at 00:30 on Friday
 * 1 August, which is still Thursday 31 July in UTC: it must count in August, on a Friday, at hour 0.
 */
const known: Known[] = [
  {
    client: 'b',
    type: 'swedish',
    minutes: 60,
    price: 7000,
    date: '2025-06-20',
    time: '10:00',
    status: 'completed',
    bookedOn: ['2025-06-10', '09:00'],
  },
  {
    client: 'a',
    type: 'swedish',
    minutes: 60,
    price: 7000,
    date: '2025-07-07',
    time: '10:00',
    status: 'completed',
    bookedOn: ['2025-07-07', '08:00'],
    paidAt: '2025-07-07T11:00:00+01:00',
  },
  {
    client: 'a',
    type: 'swedish',
    minutes: 60,
    price: 7000,
    date: '2025-08-01',
    time: '00:30',
    status: 'completed',
    bookedOn: ['2025-07-28', '12:00'],
    paidAt: '2025-08-01T00:40:00+01:00',
  },
  {
    client: 'b',
    type: 'sensual',
    minutes: 90,
    price: 16000,
    date: '2025-07-20',
    time: '14:00',
    status: 'completed',
    bookedOn: ['2025-07-18', '14:00'],
    paidAt: '2025-07-20T15:30:00+01:00',
  },
  {
    client: 'b',
    type: 'swedish',
    minutes: 60,
    price: 7000,
    date: '2025-07-21',
    time: '10:00',
    status: 'cancelled',
    cancelledBy: 'client',
    bookedOn: ['2025-07-01', '10:00'],
  },
  {
    client: 'b',
    type: 'deeptissue',
    minutes: 60,
    price: 8000,
    date: '2025-07-22',
    time: '12:00',
    status: 'no_show',
    bookedOn: ['2025-07-12', '12:00'],
  },
  {
    client: 'c',
    type: 'swedish',
    minutes: 60,
    price: 7000,
    date: '2025-07-30',
    time: '10:00',
    status: 'cancelled',
    cancelledBy: 'business',
    bookedOn: ['2025-07-02', '10:00'],
  },
  {
    client: 'c',
    type: 'deeptissue',
    minutes: 60,
    price: 8000,
    date: '2025-08-04',
    time: '11:00',
    status: 'confirmed',
    bookedOn: ['2025-06-01', '11:00'],
  },
];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
  await t.db.insert(user).values(
    (['a', 'b', 'c'] as const).map((key) => ({
      id: `client-${key}`,
      name: `Client ${key}`,
      email: `${key}@example.test`,
    })),
  );
  for (const row of known) {
    const s = await serviceOfType(t, row.type);
    const startsAt = new Date(localIso(row.date, row.time));
    const [made] = await t.db
      .insert(booking)
      .values({
        clientId: `client-${row.client}`,
        serviceId: s.id,
        serviceName: s.name,
        style: s.style,
        type: s.type,
        durationMinutes: row.minutes,
        pricePence: row.price,
        startsAt,
        endsAt: new Date(startsAt.getTime() + row.minutes * 60_000),
        occupiedUntil: new Date(startsAt.getTime() + (row.minutes + 15) * 60_000),
        status: row.status,
        clientName: `Client ${row.client}`,
        clientEmail: `${row.client}@example.test`,
        cancelledBy: row.cancelledBy ?? null,
        createdAt: new Date(localIso(...row.bookedOn)),
      })
      .returning();
    if (row.paidAt) {
      const paid = await admin.call('POST', `/api/admin/bookings/${made?.id}/payments`, {
        amountPence: row.price,
        method: 'card',
        paidAt: row.paidAt,
      });
      expect(paid.statusCode).toBe(201);
    }
  }
  // The week of 7 July: Wednesday closed, two hours of Thursday blocked.
  await t.db.insert(availabilityOverride).values({ date: '2025-07-09', kind: 'closed' });
  await t.db
    .insert(blockedPeriod)
    .values({ startsAt: new Date(localIso('2025-07-10', '10:00')), endsAt: new Date(localIso('2025-07-10', '12:00')) });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const response = await admin.call('GET', `/api/admin/analytics/${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const summer = 'from=2025-07-01&to=2025-08-31';

describe('analytics of known bookings', () => {
  it('counts bookings by status and takes revenue from the ledger, month by month on the London clock', async () => {
    const body = await get(`bookings-over-time?${summer}&bucket=month`);
    expect(body.points).toEqual([
      {
        start: '2025-07-01',
        pending: 0,
        confirmed: 0,
        completed: 2,
        noShow: 1,
        cancelled: 2,
        total: 5,
        revenuePence: 23000,
      },
      {
        start: '2025-08-01',
        pending: 0,
        confirmed: 1,
        completed: 1,
        noShow: 0,
        cancelled: 0,
        total: 2,
        revenuePence: 7000,
      },
    ]);
    expect(body.totals).toMatchObject({ total: 7, completed: 3, revenuePence: 30000 });
  });

  it('puts a booking at 00:30 in summer on its London day, not the UTC one', async () => {
    const body = await get('bookings-over-time?from=2025-07-31&to=2025-08-01&bucket=day');
    expect(body.points).toEqual([
      {
        start: '2025-07-31',
        pending: 0,
        confirmed: 0,
        completed: 0,
        noShow: 0,
        cancelled: 0,
        total: 0,
        revenuePence: 0,
      },
      {
        start: '2025-08-01',
        pending: 0,
        confirmed: 0,
        completed: 1,
        noShow: 0,
        cancelled: 0,
        total: 1,
        revenuePence: 7000,
      },
    ]);
  });

  it('starts weekly buckets on Mondays, the first one clipped to the start of the range', async () => {
    const body = await get('bookings-over-time?from=2025-07-02&to=2025-07-13&bucket=week');
    expect(body.points.map((point: { start: string; total: number }) => [point.start, point.total])).toEqual([
      ['2025-07-02', 0],
      ['2025-07-07', 1],
    ]);
  });

  it('splits bookings and revenue by style and type', async () => {
    const body = await get(`by-service?${summer}`);
    expect(body.services).toEqual([
      {
        style: 'therapeutic',
        type: 'swedish',
        name: 'Swedish massage',
        bookings: 2,
        completed: 2,
        revenuePence: 14000,
      },
      {
        style: 'therapeutic',
        type: 'deeptissue',
        name: 'Deep tissue massage',
        bookings: 2,
        completed: 0,
        revenuePence: 0,
      },
      { style: 'sensual', type: 'sensual', name: 'Sensual massage', bookings: 1, completed: 1, revenuePence: 16000 },
    ]);
    expect(body.byStyle).toEqual([
      { style: 'therapeutic', bookings: 4, revenuePence: 14000 },
      { style: 'sensual', bookings: 1, revenuePence: 16000 },
    ]);
  });

  it('measures occupancy against open hours less closed days and blocked periods', async () => {
    const body = await get('occupancy?from=2025-07-07&to=2025-07-13&bucket=week');
    // Mon–Fri 10–21 and Sat 10–18 is 3,780 minutes; Wednesday closed (−660) and two hours blocked (−120).
    expect(body.overall).toEqual({ bookedMinutes: 60, openMinutes: 3000, rate: 0.02 });
    expect(body.points).toEqual([{ start: '2025-07-07', bookedMinutes: 60, openMinutes: 3000, rate: 0.02 }]);
  });

  it('gives cancellation rates by who cancelled, and the no-show rate of appointments that came due', async () => {
    expect(await get(`outcomes?${summer}`)).toEqual({
      bookings: 7,
      completed: 3,
      noShows: 1,
      cancelledByClient: 1,
      cancelledByBusiness: 1,
      clientCancellationRate: 1 / 7,
      businessCancellationRate: 1 / 7,
      noShowRate: 0.25,
    });
  });

  it('counts a client as new in the month of their first visit and returning after it', async () => {
    const body = await get(`clients?${summer}&bucket=month`);
    expect(body.points).toEqual([
      { start: '2025-07-01', new: 1, returning: 1 },
      { start: '2025-08-01', new: 1, returning: 1 },
    ]);
    expect(body.totals).toEqual({ new: 2, returning: 2 });
  });

  it('spreads the time from booking to appointment over bands, with the median', async () => {
    const body = await get(`lead-time?${summer}`);
    expect(body.bands).toEqual([
      { band: 'same_day', bookings: 1 },
      { band: '1_2', bookings: 1 },
      { band: '3_7', bookings: 1 },
      { band: '8_14', bookings: 1 },
      { band: '15_30', bookings: 0 },
      { band: 'over_30', bookings: 1 },
    ]);
    expect(body.bookings).toBe(5);
    expect(body.medianDays).toBe(3.5);
  });

  it('takes the median of an even number of bookings halfway between the middle two', () => {
    expect(
      medianOfBins(
        [
          [100, 1],
          [300, 1],
        ],
        2,
      ),
    ).toBe(2);
    expect(
      medianOfBins(
        [
          [0, 3],
          [5000, 1],
        ],
        4,
      ),
    ).toBe(0);
    expect(medianOfBins([], 0)).toBeNull();
  });

  it('maps bookings on a weekday-by-hour grid of the London clock', async () => {
    const body = await get(`heatmap?${summer}`);
    const cell = (weekday: number, hour: number) =>
      body.cells.find((c: { weekday: number; hour: number }) => c.weekday === weekday && c.hour === hour)?.bookings;
    expect(body.cells).toHaveLength(7 * 24);
    expect(cell(5, 0)).toBe(1); // Friday 00:30 BST
    expect(cell(4, 23)).toBe(0); // not Thursday 23:30 UTC
    expect(cell(1, 10)).toBe(1);
    expect(cell(1, 11)).toBe(1);
    expect(cell(7, 14)).toBe(1);
    expect(cell(2, 12)).toBe(1);
    expect(body.max).toBe(1);
  });

  it('tells the page the first and last day with a booking', async () => {
    expect(await get('span')).toEqual({ first: '2025-06-20', last: '2025-08-04' });
  });

  it('answers an empty range with zeros rather than errors', async () => {
    const body = await get('outcomes?from=2020-01-01&to=2020-01-31');
    expect(body).toMatchObject({ bookings: 0, noShowRate: null, clientCancellationRate: null });
    expect((await get('lead-time?from=2020-01-01&to=2020-01-31')).medianDays).toBeNull();
  });
});

describe('analytics input and access', () => {
  it.each([
    ['bookings-over-time?from=2025-08-01&to=2025-07-01', 'to: The end is before the start'],
    ['occupancy?from=2015-01-01&to=2025-01-01', 'to: Choose at most 10 years'],
    ['clients?from=2025-01-01&to=2025-02-01&bucket=year', 'bucket'],
    ['heatmap?from=2025-13-01&to=2025-12-31', 'from: Not a real date'],
    ['lead-time?from=2025-01-01', 'to'],
    ['outcomes?from=2025-01-01&to=2025-02-01&extra=1', 'extra'],
  ])('refuses %s', async (path, message) => {
    const response = await admin.call('GET', `/api/admin/analytics/${path}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.message).toContain(message);
  });

  it('accepts exactly ten years', async () => {
    expect((await admin.call('GET', '/api/admin/analytics/outcomes?from=2015-01-01&to=2024-12-31')).statusCode).toBe(
      200,
    );
  });

  it.each(['bookings-over-time', 'by-service', 'occupancy', 'outcomes', 'clients', 'lead-time', 'heatmap', 'span'])(
    'keeps %s to the owner: anonymous 401, client 403',
    async (path) => {
      const url = `/api/admin/analytics/${path}?${summer}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await client.call('GET', url)).statusCode).toBe(403);
    },
  );
});
