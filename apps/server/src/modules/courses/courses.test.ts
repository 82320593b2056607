// Courses of sessions (issue 24 part 2, decisions 081 and 082): the owner sets up and sells courses at the till, a
// client buys a therapeutic one online through the local Stripe peer (never a sensual one), books with a session,
// gets it back by cancelling in time and keeps it used when late; the owner adjusts with a reason; expiry releases
// the rest. The books stay balanced and 2320 owes the net of the sessions left. Runs on PGlite and PostgreSQL.
import type { Course, CourseProduct } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coursePurchase } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { courseNetOf } from '../ledger/course-postings.ts';
import { expireCourses } from './expire-courses.ts';

let peer: StripePeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
let naturistId: string;
let swedishHour: number;
const FREE_DAYS = 10;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000', ...peer.env() });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  owner = await signedIn(t, { role: 'admin' });
  const swedish = await serviceOfType(t, 'swedish');
  swedishId = swedish.id;
  swedishHour = swedish.durations.find((d) => d.minutes === 60)?.pricePence ?? 0;
  naturistId = (await serviceOfType(t, 'naturist')).id;
  // New clients pay a £20 deposit for a therapeutic booking: a session must take its place. Free cancelling until
  // 10 days before.
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: 24 * FREE_DAYS,
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

let slot = 0;
/** A weekday time of this file's own, inside the free cancellation window (more than 10 days ahead). */
function farTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 21 + 7 * Math.floor(n / 20)), `${10 + 2 * (Math.floor(n / 5) % 4)}:00`);
}
let nearSlot = 0;
/** A weekday time after the free window (less than 10 days ahead). */
function nearTime() {
  const n = nearSlot++;
  return localIso(nextWeekday(1 + (n % 5), 2), `${11 + 2 * (Math.floor(n / 5) % 3)}:00`);
}

async function net(code: string): Promise<number> {
  const result = (await t.db.execute(
    sql`select coalesce(sum(debit_pence - credit_pence), 0)::text as net from journal_line where account_code = ${code}`,
  )) as unknown as { rows: { net: string }[] };
  return Number(result.rows[0]?.net);
}
async function unbalancedEntries() {
  const result = (await t.db.execute(
    sql`select entry_id from journal_line group by entry_id having sum(debit_pence) <> sum(credit_pence)`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
}
/** What 2320 should owe: the net of the sessions left on every active course, computed from the rows. */
async function owedOnCourses(): Promise<number> {
  const rows = await t.db.select().from(coursePurchase).where(eq(coursePurchase.status, 'active'));
  return rows.reduce((sum, row) => sum + courseNetOf(row, row.sessionsLeft), 0);
}

async function product(body: Record<string, unknown> = {}): Promise<CourseProduct> {
  const made = await owner.call('POST', '/api/admin/course-products', {
    serviceId: swedishId,
    durationMinutes: 60,
    sessions: 5,
    pricePence: 4 * swedishHour,
    expiryMonths: 6,
    ...body,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

async function sellTo(clientId: string, productId: string, method = 'cash'): Promise<Course> {
  const sold = await owner.call('POST', '/api/admin/courses', { productId, clientId, method });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json();
}

const myCourses = async (client: Awaited<ReturnType<typeof signedIn>>): Promise<Course[]> =>
  (await client.call('GET', '/api/courses')).json();

describe('courses on offer', () => {
  it('are set up by the owner with what the sessions would cost one by one, and refused with the field named', async () => {
    const made = await product({ sessions: 5, pricePence: 4 * swedishHour });
    expect(made).toMatchObject({
      label: '5 × 60 min Swedish massage',
      style: 'therapeutic',
      singlePricePence: 5 * swedishHour,
      active: true,
    });
    const badLength = await owner.call('POST', '/api/admin/course-products', {
      serviceId: swedishId,
      durationMinutes: 45,
      sessions: 5,
      pricePence: 10000,
      expiryMonths: 6,
    });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.json().error.message).toMatch(/offered for/);
    const one = await owner.call('POST', '/api/admin/course-products', {
      serviceId: swedishId,
      durationMinutes: 60,
      sessions: 1,
      pricePence: 10000,
      expiryMonths: 6,
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.message).toMatch(/at least 2 sessions/);
    const off = await owner.call('PUT', `/api/admin/course-products/${made.id}`, {
      serviceId: swedishId,
      durationMinutes: 60,
      sessions: 5,
      pricePence: 4 * swedishHour,
      expiryMonths: 6,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const client = await signedIn(t);
    const onSale: CourseProduct[] = (await client.call('GET', '/api/course-products')).json();
    expect(onSale.map((p) => p.id)).not.toContain(made.id);
    const refused = await owner.call('POST', '/api/admin/courses', {
      productId: made.id,
      clientId: client.id,
      method: 'cash',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('a course sold at the till', () => {
  it('is owed net of its VAT on 2320, the VAT due at sale, and audited', async () => {
    const client = await signedIn(t);
    const offer = await product({ sessions: 4, pricePence: 24000 });
    const [cash, owed, vat] = [await net('1000'), await net('2320'), await net('2200')];
    const sold = await sellTo(client.id, offer.id, 'cash');
    expect(sold).toMatchObject({ sessions: 4, sessionsLeft: 4, status: 'active', soldBy: 'cash' });
    expect((await net('1000')) - cash).toBe(24000);
    // Not VAT registered here: nothing is due, the whole price is owed.
    expect((await net('2200')) - vat).toBe(0);
    expect((await net('2320')) - owed).toBe(-24000);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sold.id));
    expect(audited.map((row) => row.action)).toEqual(['course.sell']);
    expect(await myCourses(client)).toEqual([expect.objectContaining({ id: sold.id, sessionsLeft: 4 })]);
    expect(await unbalancedEntries()).toBe(0);
  });
});

describe('booking with a session', () => {
  it('asks nothing up front, uses one session as 1/N of the course, and gives it back when cancelled in time', async () => {
    const client = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 3, pricePence: 3 * swedishHour - 1000 })).id);
    const sales = await net('4000');
    const booked = await client.call('POST', '/api/bookings', bookingBody(swedishId, farTime(), { courseId: sold.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    // A new client would pay a £20 deposit: the session pays for it all, so the booking is confirmed at once.
    expect(booked.json().status).toBe('confirmed');
    // The client's booking says a session paid for it.
    expect(booked.json()).toMatchObject({ coursePaid: true, payment: null, voucherPaidPence: 0 });
    const [afterUse] = await myCourses(client);
    expect(afterUse?.sessionsLeft).toBe(2);
    expect(afterUse?.history.map((h) => h.kind)).toEqual(['bought', 'used']);
    const perSession = courseNetOf({ ...sold, vatRateBp: 0 }, 3) - courseNetOf({ ...sold, vatRateBp: 0 }, 2);
    expect(sales - (await net('4000'))).toBe(perSession);
    // The owner sees it paid: what the session covered counts as received.
    const sheet = await owner.call('GET', `/api/admin/bookings/${booked.json().id}`);
    // Received in full, by the session: no money to pay back by hand, no voucher to put it back on.
    expect(sheet.json().booking).toMatchObject({
      paidPence: swedishHour,
      coursePaidPence: swedishHour,
      voucherPaidPence: 0,
    });

    // Its sale is recorded when the session is used: an invoice would count it twice, so issuing one is refused.
    const draft = await owner.call('POST', `/api/admin/invoices/from-booking/${booked.json().id}`);
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const issue = await owner.call('POST', `/api/admin/invoices/${draft.json().id}/issue`, {});
    expect(issue.statusCode).toBe(409);
    expect(issue.json().error.message).toMatch(/A session of a course paid for this booking/);

    const cancelled = await client.call('POST', `/api/bookings/${booked.json().id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [back] = await myCourses(client);
    expect(back?.sessionsLeft).toBe(3);
    expect(back?.history.map((h) => h.kind)).toEqual(['bought', 'used', 'returned']);
    expect(await net('4000')).toBe(sales);
    expect(await net('2320')).toBe(-(await owedOnCourses()));
  });

  it('keeps the session used when the client cancels late, and gives it back when the owner cancels paying back', async () => {
    const client = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 2, pricePence: 2 * swedishHour })).id);
    const late = await client.call('POST', '/api/bookings', bookingBody(swedishId, nearTime(), { courseId: sold.id }));
    expect(late.statusCode, late.body).toBe(201);
    const lateCancel = await client.call('POST', `/api/bookings/${late.json().id}/cancel`, {});
    expect(lateCancel.statusCode, lateCancel.body).toBe(200);
    expect((await myCourses(client))[0]?.sessionsLeft).toBe(1);

    const byOwner = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, nearTime(), { courseId: sold.id }),
    );
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect((await myCourses(client))[0]).toMatchObject({ sessionsLeft: 0, status: 'used_up' });
    const none = await client.call('POST', '/api/bookings', bookingBody(swedishId, farTime(), { courseId: sold.id }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/Every session of this course has been used/);
    const ownerCancel = await owner.call('POST', `/api/admin/bookings/${byOwner.json().id}/cancel`, {
      reason: 'Therapist unwell',
      notifyClient: false,
      refund: true,
    });
    expect(ownerCancel.statusCode, ownerCancel.body).toBe(200);
    expect((await myCourses(client))[0]).toMatchObject({ sessionsLeft: 1, status: 'active' });
    expect(await net('2320')).toBe(-(await owedOnCourses()));
    expect(await unbalancedEntries()).toBe(0);
  });

  it('refuses another treatment or length, someone else’s course, and a day after the course ends', async () => {
    const client = await signedIn(t);
    const other = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 3, expiryMonths: 1 })).id);
    const wrongLength = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, farTime(), { durationMinutes: 90, courseId: sold.id }),
    );
    expect(wrongLength.statusCode).toBe(400);
    expect(wrongLength.json().error.message).toMatch(/This course is for 60 minutes of Swedish massage/);
    const notTheirs = await other.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, farTime(), { courseId: sold.id }),
    );
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().error.message).toMatch(/not one of your courses/);
    const afterEnd = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, localIso(nextWeekday(2, 40), '10:00'), { courseId: sold.id }),
    );
    expect(afterEnd.statusCode).toBe(400);
    expect(afterEnd.json().error.message).toMatch(/valid until/);
    expect((await myCourses(client))[0]?.sessionsLeft).toBe(3);
  });
});

describe('the owner adjusting a course', () => {
  it('takes sessions off or adds them back with a reason, audited, never beyond what was bought', async () => {
    const client = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 5 })).id);
    const off = await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, {
      change: -2,
      reason: 'Two sessions given before the system',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ sessionsLeft: 3 });
    const tooMany = await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, { change: 3, reason: 'Goodwill' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/add at most 2/);
    const noReason = await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, { change: 1, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const back = await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, {
      change: 1,
      reason: 'One was a mistake',
    });
    expect(back.json()).toMatchObject({ sessionsLeft: 4 });
    expect(back.json().history.filter((h: { kind: string }) => h.kind === 'adjusted')).toEqual([
      expect.objectContaining({ change: -2, reason: 'Two sessions given before the system' }),
      expect.objectContaining({ change: 1, reason: 'One was a mistake' }),
    ]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sold.id));
    expect(audited.map((row) => row.action).sort()).toEqual(['course.adjust', 'course.adjust', 'course.sell']);
    const listed: Course[] = (await owner.call('GET', `/api/admin/courses?clientId=${client.id}`)).json();
    expect(listed.map((c) => c.sessionsLeft)).toEqual([4]);
    expect(await net('2320')).toBe(-(await owedOnCourses()));
  });

  it('does not give a session back twice when the owner already added it back by hand', async () => {
    const client = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 2, pricePence: 2 * swedishHour })).id);
    const booked = await client.call('POST', '/api/bookings', bookingBody(swedishId, farTime(), { courseId: sold.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    const byHand = await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, {
      change: 1,
      reason: 'Booking to be cancelled',
    });
    expect(byHand.json()).toMatchObject({ sessionsLeft: 2 });
    // Cancelled in time, which would give the session back: the course already holds all it was bought with.
    const cancelled = await client.call('POST', `/api/bookings/${booked.json().id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [course] = await myCourses(client);
    expect(course).toMatchObject({ sessions: 2, sessionsLeft: 2, status: 'active' });
    expect(await net('2320')).toBe(-(await owedOnCourses()));
    expect(await unbalancedEntries()).toBe(0);
  });
});

describe('a course bought online', () => {
  it('is paid through Stripe, active once Stripe says so, and posted from Stripe clearing', async () => {
    const client = await signedIn(t);
    const offer = await product({ sessions: 4, pricePence: 20000 });
    const onSale: CourseProduct[] = (await client.call('GET', '/api/course-products')).json();
    expect(onSale.map((p) => p.id)).toContain(offer.id);
    const clearing = await net('1030');
    const bought = await client.call('POST', '/api/courses', { productId: offer.id });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().clientSecret).toBeTruthy();
    expect(bought.json().course.status).toBe('awaiting_payment');
    // Not yet paid: not among the client's courses, and nothing in the books.
    expect(await myCourses(client)).toEqual([]);
    const [row] = await t.db.select().from(coursePurchase).where(eq(coursePurchase.id, bought.json().course.id));
    const intent = peer.intent(row?.intentId ?? '');
    expect(intent.description).toBe('Course of sessions');
    expect(intent.metadata).toMatchObject({ purpose: 'course' });
    const { statuses } = await peer.succeed(row?.intentId ?? '', { times: 2 });
    expect(statuses).toEqual([200, 200]);
    const mine = await client.call('GET', `/api/courses/${bought.json().course.id}`);
    expect(mine.json()).toMatchObject({ status: 'active', sessionsLeft: 4 });
    // Once only, although Stripe told twice.
    expect((await net('1030')) - clearing).toBe(20000);
    expect(await net('2320')).toBe(-(await owedOnCourses()));
  });

  it('is never a sensual course (decision 065), which the owner still sells at the till', async () => {
    const client = await signedIn(t);
    const sensual = await product({ serviceId: naturistId, durationMinutes: 60, pricePence: 30000 });
    const onSale: CourseProduct[] = (await client.call('GET', '/api/course-products')).json();
    expect(onSale.map((p) => p.id)).not.toContain(sensual.id);
    const intents = peer.intents.size;
    const refused = await client.call('POST', '/api/courses', { productId: sensual.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Stripe does not allow card payments for sensual massage/);
    expect(peer.intents.size).toBe(intents);
    const atTill = await sellTo(client.id, sensual.id, 'card');
    expect(atTill.status).toBe('active');
  });
});

describe('a course past its last day', () => {
  it('is closed by the daily job and what was left becomes other income', async () => {
    const client = await signedIn(t);
    const sold = await sellTo(client.id, (await product({ sessions: 5, pricePence: 25000, expiryMonths: 1 })).id);
    await owner.call('POST', `/api/admin/courses/${sold.id}/adjust`, { change: -2, reason: 'Used at the till' });
    const other = await net('4090');
    const expired = await expireCourses({ db: t.db, env: t.context.env, now: () => Date.now() + 40 * 86_400_000 });
    expect(expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(coursePurchase).where(eq(coursePurchase.id, sold.id));
    expect(row).toMatchObject({ status: 'expired', sessionsLeft: 0, expiredSessions: 3 });
    // At least its own 3 sessions of £50 (another course of a month may have expired with it).
    expect(other - (await net('4090'))).toBeGreaterThanOrEqual(15000);
    expect((await myCourses(client))[0]).toMatchObject({ status: 'expired' });
    expect(await net('2320')).toBe(-(await owedOnCourses()));
    expect(await unbalancedEntries()).toBe(0);
  });
});
