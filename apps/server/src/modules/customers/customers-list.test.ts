import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, user } from '../../db/schema.ts';
import { insertBooking, localIso } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

/**
 * The customer list pages the people first and reads the figures of the page afterwards (issue 11): every sort,
 * search and page must still show each person's own figures, in the right order.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const tag = `ordered${Math.random().toString(36).slice(2, 7)}`;

// name, spend (pence), visits completed (days ago), no-shows, cancelled
const people = [
  { key: 'a', spend: 5000, completed: [40], noShows: 0, cancelled: 1 },
  { key: 'b', spend: 21000, completed: [30, 20, 10], noShows: 1, cancelled: 0 },
  { key: 'c', spend: 0, completed: [], noShows: 2, cancelled: 0 },
  { key: 'd', spend: 9000, completed: [5], noShows: 0, cancelled: 0 },
];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  let slot = 0;
  const at = (daysAgo: number) =>
    new Date(Date.parse(localIso('2026-01-01', '10:00')) - daysAgo * 86_400_000 + slot++ * 7_200_000);
  for (const person of people) {
    const client = { id: `${tag}-${person.key}`, email: `${tag}-${person.key}@example.test` };
    await t.db.insert(user).values({ id: client.id, name: `Zed ${tag} ${person.key}`, email: client.email });
    for (const daysAgo of person.completed) {
      const made = await insertBooking(t, { type: 'swedish', status: 'completed', startsAt: at(daysAgo), client });
      if (person.spend) {
        await t.db.insert(payment).values({
          bookingId: made.id,
          clientId: client.id,
          amountPence: person.spend / person.completed.length,
          method: 'card',
          paidAt: made.startsAt,
        });
      }
    }
    for (let i = 0; i < person.noShows; i++)
      await insertBooking(t, { type: 'swedish', status: 'no_show', startsAt: at(60), client });
    for (let i = 0; i < person.cancelled; i++)
      await insertBooking(t, { type: 'swedish', status: 'cancelled', startsAt: at(61), client });
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await admin.call('GET', `/api/admin/customers?q=${tag}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    total: number;
    customers: { name: string; spendPence: number; bookings: number; noShows: number; lastVisit: string | null }[];
  };
};
const keys = (body: Awaited<ReturnType<typeof list>>) => body.customers.map((c) => c.name.slice(-1));

describe('customer list figures, sorts and pages', () => {
  it('shows each person their own figures, sorted by any of them', async () => {
    const bySpend = await list('sort=spend&order=desc');
    expect(keys(bySpend)).toEqual(['b', 'd', 'a', 'c']);
    expect(bySpend.total).toBe(4);
    expect(bySpend.customers.map((c) => [c.spendPence, c.bookings, c.noShows])).toEqual([
      [21000, 4, 1],
      [9000, 1, 0],
      [5000, 1, 0],
      [0, 2, 2],
    ]);
    expect(keys(await list('sort=spend&order=asc'))).toEqual(['c', 'a', 'd', 'b']);
    expect(keys(await list('sort=bookings&order=desc'))).toEqual(['b', 'c', 'a', 'd']);
    expect(keys(await list('sort=noShows&order=desc'))).toEqual(['c', 'b', 'a', 'd']);
    // Never visited sorts last going down, first going up.
    expect(keys(await list('sort=lastVisit&order=desc'))).toEqual(['d', 'b', 'a', 'c']);
    expect(keys(await list('sort=lastVisit&order=asc'))).toEqual(['c', 'a', 'b', 'd']);
    expect(keys(await list('sort=name&order=desc'))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('pages through the sorted list with the total of everyone found', async () => {
    const first = await list('sort=spend&order=desc&pageSize=3&page=1');
    const second = await list('sort=spend&order=desc&pageSize=3&page=2');
    expect([first.total, second.total]).toEqual([4, 4]);
    expect(keys(first)).toEqual(['b', 'd', 'a']);
    expect(keys(second)).toEqual(['c']);
    expect(second.customers[0]).toMatchObject({ spendPence: 0, noShows: 2, lastVisit: null });
  });
});
