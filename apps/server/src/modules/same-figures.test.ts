// Issue 11: a figure with the same name shows the same number on the dashboard, the analytics page and the
// finances for the same period, all three read from one set of bookings and payments made here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertBooking, localIso } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';
import type { Actor } from './auth/actor.ts';
import { dashboard } from './dashboard/dashboard.service.ts';

const TZ = 'Europe/London';
// Thursday 12 March 2026, noon: this week is Monday 9 to Sunday 15 March, this month March, last month February.
const NOW = Date.parse('2026-03-12T12:00:00Z');
const WEEK = { from: '2026-03-09', to: '2026-03-15' };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

async function appointment(date: string, time: string, type: string, status: 'completed' | 'no_show' | 'cancelled') {
  return insertBooking(t, { type, status, startsAt: new Date(localIso(date, time)), client });
}

async function pay(bookingId: string, amountPence: number, paidAt: string) {
  const paid = await admin.call('POST', `/api/admin/bookings/${bookingId}/payments`, {
    amountPence,
    method: 'card',
    paidAt,
  });
  expect(paid.statusCode).toBe(201);
}

it('bookings, revenue, occupancy, cancellations and no-shows agree across dashboard, analytics and finances', async () => {
  // This week: two massages given and paid, a no-show, a cancellation; last week and last month one each.
  const swedish = await appointment('2026-03-09', '10:00', 'swedish', 'completed');
  const deep = await appointment('2026-03-10', '12:00', 'deeptissue', 'completed');
  await appointment('2026-03-11', '14:00', 'swedish', 'no_show');
  await appointment('2026-03-12', '10:00', 'swedish', 'cancelled');
  const lastWeek = await appointment('2026-03-03', '10:00', 'swedish', 'completed');
  const lastMonth = await appointment('2026-02-17', '10:00', 'swedish', 'completed');
  await pay(swedish.id, 7000, localIso('2026-03-09', '11:00'));
  await pay(deep.id, 8000, localIso('2026-03-10', '13:00'));
  await pay(lastWeek.id, 7000, localIso('2026-03-03', '11:00'));
  await pay(lastMonth.id, 7000, localIso('2026-02-17', '11:00'));
  // A part refund this week takes money back out of this week's income.
  const refund = await admin.call('POST', `/api/admin/bookings/${deep.id}/refunds`, {
    amountPence: 1500,
    method: 'card',
    paidAt: localIso('2026-03-11', '09:00'),
  });
  expect(refund.statusCode).toBe(201);

  const actor: Actor = { id: admin.id, role: 'admin', email: admin.email, name: 'Owner', phone: null };
  const { figures } = await dashboard(t.db, { timeZone: TZ, actor, now: NOW });

  const get = async (url: string) => {
    const response = await admin.call('GET', url);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const range = (period: { from: string; to: string }) => `from=${period.from}&to=${period.to}`;
  const analytics = async (period: { from: string; to: string }) => ({
    bookings: (await get(`/api/admin/analytics/bookings-over-time?${range(period)}&bucket=day`)).totals,
    occupancy: (await get(`/api/admin/analytics/occupancy?${range(period)}&bucket=day`)).overall,
    outcomes: await get(`/api/admin/analytics/outcomes?${range(period)}`),
  });
  const income = async (period: { from: string; to: string }) =>
    (await get(`/api/admin/finances/profit-and-loss?${range(period)}`)).totals.income.total;

  const week = await analytics(WEEK);
  // Counted by hand from what was made above: three appointments kept (two given, one no-show), one cancelled.
  expect(figures.week.bookings).toBe(3);
  expect(week.bookings.total - week.bookings.cancelled).toBe(3);
  expect(figures.week.cancellations).toBe(1);
  expect(week.bookings.cancelled).toBe(1);
  expect(figures.week.noShows).toBe(1);
  expect(week.outcomes.noShows).toBe(1);

  // Revenue: the income of the ledger, the same figure /finances shows for the week.
  const weekIncome = await income(WEEK);
  expect(weekIncome).toBeGreaterThan(0);
  expect(figures.week.revenuePence).toBe(weekIncome);
  expect(week.bookings.revenuePence).toBe(weekIncome);

  // Occupancy: two hours given out of the week's open hours, on both pages.
  expect(week.occupancy.bookedMinutes).toBe(120);
  expect(figures.week.occupancy).toBeCloseTo(week.occupancy.rate, 10);

  // The month and the month before agree the same way.
  for (const [name, period] of [
    ['month', { from: '2026-03-01', to: '2026-03-31' }],
    ['previousMonth', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const) {
    const shown = figures[name];
    const counted = await analytics(period);
    expect(shown.bookings).toBe(counted.bookings.total - counted.bookings.cancelled);
    expect(shown.revenuePence).toBe(await income(period));
    expect(shown.revenuePence).toBe(counted.bookings.revenuePence);
    expect(shown.occupancy).toBeCloseTo(counted.occupancy.rate ?? 0, 10);
  }
  expect(figures.month.bookings).toBe(4);
  expect(figures.previousMonth.bookings).toBe(1);
});
