// Issue 25, item 1: the owner's morning view tells the day's takings from the books, and a backup warning the owner
// hid stays hidden (for them, on every device) until there is a newer one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, localIso } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { Actor } from '../auth/actor.ts';
import { recordBackup } from '../backups/backup.service.ts';
import { issueVoucherInPerson } from '../vouchers/sell-vouchers.ts';
import { dashboard } from './dashboard.service.ts';

const TZ = 'Europe/London';
// Wednesday 15 July 2026, noon in London (British Summer Time, an hour ahead of UTC): today is the 15th.
const NOW = Date.parse('2026-07-15T11:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let otherAdmin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
const actorOf = (person: Awaited<ReturnType<typeof signedIn>>): Actor => ({
  id: person.id,
  role: 'admin',
  email: person.email,
  name: 'Owner',
  phone: null,
});

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  otherAdmin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

async function money(kind: 'payments' | 'refunds', bookingId: string, body: Record<string, unknown>) {
  const answer = await admin.call('POST', `/api/admin/bookings/${bookingId}/${kind}`, body);
  expect(answer.statusCode, answer.body).toBe(201);
}

describe('takings today', () => {
  it('counts the money received on London’s day, whatever it was for, less what was paid back that day', async () => {
    const board = () => dashboard(t.db, { timeZone: TZ, actor: actorOf(admin), now: NOW });
    expect((await board()).takings).toEqual({ date: '2026-07-15', totalPence: 0, byWay: [] });

    const thisMorning = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(localIso('2026-07-15', '09:00')),
      client,
    });
    const yesterday = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(localIso('2026-07-14', '18:00')),
      client,
    });
    const nextWeek = await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(localIso('2026-07-22', '10:00')),
      client,
    });
    // Today: this morning's massage by card, and a deposit for next week by bank transfer at 00:30 London time
    // (still the 14th in UTC).
    await money('payments', thisMorning.id, {
      amountPence: 7000,
      method: 'card',
      paidAt: localIso('2026-07-15', '10:05'),
    });
    await money('payments', nextWeek.id, {
      amountPence: 2000,
      method: 'bank_transfer',
      paidAt: '2026-07-14T23:30:00Z',
    });
    // Yesterday at 23:30 London time: not today's.
    await money('payments', yesterday.id, { amountPence: 7000, method: 'cash', paidAt: '2026-07-14T22:30:00Z' });
    // Today £15 of yesterday's is paid back in cash: today's takings go down by it.
    await money('refunds', yesterday.id, {
      amountPence: 1500,
      method: 'cash',
      paidAt: localIso('2026-07-15', '11:30'),
    });
    // A gift voucher sold over the counter today, by card.
    await issueVoucherInPerson(
      { ...t.context, now: () => NOW },
      { actor: actorOf(admin), input: { kind: 'amount', amountPence: 5000, method: 'card', buyerName: 'Bea Buyer' } },
    );
    // Towels bought from the till today are an expense, not takings.
    const categories = (await admin.call('GET', '/api/admin/expenses/categories')).json().categories;
    const expense = await admin.call('POST', '/api/admin/expenses', {
      date: '2026-07-15',
      supplier: 'Towel shop',
      categoryId: categories[0].id,
      amountPence: 1200,
      paymentMethod: 'cash',
    });
    expect(expense.statusCode, expense.body).toBe(201);

    expect((await board()).takings).toEqual({
      date: '2026-07-15',
      totalPence: 7000 + 2000 + 5000 - 1500,
      byWay: [
        { way: 'cash', pence: -1500 },
        { way: 'card', pence: 12000 },
        { way: 'bank_transfer', pence: 2000 },
      ],
    });
    // The next day starts again from nothing.
    expect((await dashboard(t.db, { timeZone: TZ, actor: actorOf(admin), now: NOW + DAY })).takings).toEqual({
      date: '2026-07-16',
      totalPence: 0,
      byWay: [],
    });
  });

  it('is in the answer of GET /api/admin/dashboard, for today on the business clock', async () => {
    const answer = await admin.call('GET', '/api/admin/dashboard');
    expect(answer.statusCode).toBe(200);
    const { today, takings } = answer.json();
    expect(takings.date).toBe(today);
    expect(takings.totalPence).toEqual(expect.any(Number));
  });
});

describe('the backup warning the owner hides', () => {
  const backupOf = async (person: Awaited<ReturnType<typeof signedIn>>, now: number) =>
    (await dashboard(t.db, { timeZone: TZ, actor: actorOf(person), now })).backup;

  it('stays hidden for that owner until the backup state changes, and shows again for a newer warning', async () => {
    // No backup yet: a warning, which the owner hides (through the API, as the dashboard does).
    const none = await backupOf(admin, NOW);
    expect(none).toMatchObject({ overdue: true, warning: 'overdue since never', warningHidden: false });
    const hidden = await admin.call('POST', '/api/admin/dashboard/backup-warning/hide', { warning: none.warning });
    expect(hidden.statusCode, hidden.body).toBe(204);
    expect(await backupOf(admin, NOW)).toMatchObject({ warning: 'overdue since never', warningHidden: true });
    // Another admin has not read it: they still see it.
    expect(await backupOf(otherAdmin, NOW)).toMatchObject({ warningHidden: false });

    // A good backup: nothing to warn about.
    await recordBackup(t.db, { at: new Date(NOW + DAY), ok: true, file: '/backups/one.tar.gz' });
    expect(await backupOf(admin, NOW + DAY + 60_000)).toMatchObject({ warning: null, warningHidden: false });
    // Two days and more later, overdue again: a new warning, shown although the owner hid the last one.
    const overdue = await backupOf(admin, NOW + 4 * DAY);
    expect(overdue).toMatchObject({
      overdue: true,
      warning: `overdue since ${new Date(NOW + DAY).toISOString()}`,
      warningHidden: false,
    });
    await admin.call('POST', '/api/admin/dashboard/backup-warning/hide', { warning: overdue.warning });
    expect(await backupOf(admin, NOW + 4 * DAY)).toMatchObject({ warningHidden: true });

    // The night's backup then fails: a new warning, which names the problem.
    await recordBackup(t.db, { at: new Date(NOW + 4 * DAY + 3_600_000), ok: false, error: 'disk full' });
    expect(await backupOf(admin, NOW + 4 * DAY + 2 * 3_600_000)).toMatchObject({
      lastError: 'disk full',
      warning: `failed ${new Date(NOW + 4 * DAY + 3_600_000).toISOString()}`,
      warningHidden: false,
    });
  });

  it('refuses a request to hide without naming the warning', async () => {
    const answer = await admin.call('POST', '/api/admin/dashboard/backup-warning/hide', {});
    expect(answer.statusCode).toBe(400);
  });
});
