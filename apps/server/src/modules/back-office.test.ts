import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, booking, emailOutbox, user } from '../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

let t: TestApp;
let swedishId: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
let lodger: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  admin = await signedIn(t, { role: 'admin' });
  lodger = await signedIn(t, { role: 'lodger' });
  client = await signedIn(t);
});
afterAll(() => t.close());

// Who may call what is checked route by route in hardening/role-matrix.test.ts, built from the registered routes.

describe('the lodger never sees a client', () => {
  it('gets busy periods only, in the calendar and in the calendar feed', async () => {
    await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(nextWeekday(2), '12:00')));
    const calendar = await lodger.call('GET', `/api/availability/calendar?from=${nextWeekday(2)}&to=${nextWeekday(2)}`);
    const body = calendar.json();
    expect(Object.keys(body).sort()).toEqual(['busy', 'open', 'timeZone']);
    expect(body.busy.length).toBeGreaterThan(0);
    expect(calendar.body).not.toMatch(/Sam Client|Swedish|Lower back|7700|@example\.test/);

    const feed = (await lodger.call('POST', '/api/calendar-feeds')).json();
    const ics = await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('SUMMARY:Busy');
    expect(ics.body).not.toMatch(/Sam|Swedish|Lower back|7700/);
  });

  it('while the admin sees who and what', async () => {
    const calendar = (
      await admin.call('GET', `/api/availability/calendar?from=${nextWeekday(2)}&to=${nextWeekday(2)}`)
    ).json();
    expect(calendar.bookings[0].title).toBe('Sam Client · Swedish massage');
    const feed = (await admin.call('POST', '/api/calendar-feeds')).json();
    const ics = await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    expect(ics.body).toContain('Sam · Swedish massage');
  });

  it('a revoked feed stops working, and a new one replaces the old', async () => {
    const first = (await admin.call('POST', '/api/calendar-feeds')).json();
    const second = (await admin.call('POST', '/api/calendar-feeds')).json();
    expect((await t.app.inject({ method: 'GET', url: new URL(first.url).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/api/calendar-feeds/${second.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(404);
  });
});

describe('the owner’s bookings', () => {
  it('takes a phone booking for a new customer through the same engine, and for an existing one', async () => {
    const date = nextWeekday(3, 7);
    const created = await admin.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 90,
      startsAt: localIso(date, '10:00'),
      customer: { name: 'Phoebe Phone', email: 'phoebe@example.test', phone: '020 7946 0001' },
      idempotencyKey: 'phone-booking-1',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().booking).toMatchObject({
      clientName: 'Phoebe Phone',
      status: 'confirmed',
      pricePence: 9500,
      source: 'admin',
    });
    const overlap = await admin.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: localIso(date, '11:00'),
      customer: { id: client.id },
      idempotencyKey: 'phone-booking-2',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.details.alternatives.length).toBeGreaterThan(0);
    const existing = await admin.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: localIso(date, '14:00'),
      customer: { id: client.id },
      idempotencyKey: 'phone-booking-3',
    });
    const [account] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(existing.json().booking).toMatchObject({ clientName: account?.name, clientEmail: client.email });
    expect(account?.name).toMatch(/^Person \d+$/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, existing.json().booking.id));
    expect(audit.map((a) => a.action)).toEqual(['booking.created']);
  });

  it('records an appointment that already took place as completed, without emailing the client', async () => {
    const yesterday = new Date(Date.now() - 26 * 3_600_000);
    const email = `walk-in.${Date.now()}@example.test`;
    const recorded = await admin.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: yesterday.toISOString(),
      customer: { name: 'Walter Walkin', email, phone: '020 7946 0002' },
      idempotencyKey: 'walk-in-1',
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json().booking).toMatchObject({ status: 'completed', clientName: 'Walter Walkin' });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).toEqual([]);
    // One that is still under way is not a record of the past, and a client can never book the past.
    const underWay = await admin.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      customer: { id: client.id },
      idempotencyKey: 'walk-in-2',
    });
    expect(underWay.statusCode).toBe(400);
    expect(underWay.json().error.message).toContain('already passed');
    const clientPast = await client.call('POST', '/api/bookings', bookingBody(swedishId, yesterday.toISOString()));
    expect(clientPast.statusCode).toBe(400);
  });

  it('moves a booking to a free time and refuses a taken one', async () => {
    const date = nextWeekday(4, 7);
    const a = (await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(date, '10:00')))).json();
    await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(date, '15:00')));
    const taken = await admin.call('POST', `/api/admin/bookings/${a.id}/move`, {
      startsAt: localIso(date, '15:30'),
      version: a.version,
    });
    expect(taken.statusCode).toBe(409);
    const moved = await admin.call('POST', `/api/admin/bookings/${a.id}/move`, {
      startsAt: localIso(date, '12:00'),
      version: a.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().booking.startsAt).toBe(localIso(date, '12:00'));
    expect(moved.json().audit[0]).toMatchObject({ action: 'booking.moved', actorEmail: admin.email });
  });

  it('cancels with a reason the client is emailed, keeps private notes and records payments', async () => {
    const made = (
      await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(nextWeekday(5, 7), '10:00')))
    ).json();
    expect(
      (await admin.call('PUT', `/api/admin/bookings/${made.id}/notes`, { privateNotes: 'Prefers firm pressure' }))
        .statusCode,
    ).toBe(200);
    const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 7000,
      method: 'card',
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, { amountPence: 0, method: 'card' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, { amountPence: 100, method: 'cheque' }))
        .statusCode,
    ).toBe(400);
    const detail = (await admin.call('GET', `/api/admin/bookings/${made.id}`)).json();
    expect(detail.booking).toMatchObject({ privateNotes: 'Prefers firm pressure', paidPence: 7000 });
    expect((await client.call('GET', `/api/bookings/${made.id}`)).body).not.toContain('firm pressure');

    const cancelled = await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { reason: 'Therapist ill' });
    expect(cancelled.json().booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'business',
      cancelReason: 'Therapist ill',
    });
    const cancellations = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking.cancelled'));
    expect(
      cancellations.some((mail) => mail.recipient === client.email && mail.text.includes('Reason: Therapist ill')),
    ).toBe(true);
  });

  it('marks a past booking completed or no-show, but not a future one', async () => {
    const made = (
      await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(nextWeekday(1, 14), '10:00')))
    ).json();
    const future = await admin.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: 'completed' });
    expect(future.statusCode).toBe(409);
    // The appointment is over: an hour ago.
    await t.db
      .update(booking)
      .set({
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() - 60_000),
        occupiedUntil: new Date(Date.now()),
      })
      .where(eq(booking.id, made.id));
    const done = await admin.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: 'no_show' });
    expect(done.json()).toMatchObject({ status: 'no_show' });
  });

  it('lists and searches bookings by customer, status and dates', async () => {
    const all = (await admin.call('GET', '/api/admin/bookings?q=phoebe')).json();
    expect(all.bookings.map((b: { clientName: string }) => b.clientName)).toEqual(['Phoebe Phone']);
    const cancelled = (await admin.call('GET', '/api/admin/bookings?status=cancelled')).json();
    expect(cancelled.bookings.every((b: { status: string }) => b.status === 'cancelled')).toBe(true);
    expect((await admin.call('GET', '/api/admin/bookings?status=lost')).statusCode).toBe(400);
  });

  it('keeps a phone number in E.164 and finds it typed the British way', async () => {
    const typed = '07700 900314';
    const someone = await signedIn(t);
    const made = await someone.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, localIso(nextWeekday(4, 20), '11:00'), { phone: typed }),
    );
    expect(made.json()).toMatchObject({ clientPhone: '+447700900314' });
    const search = encodeURIComponent(typed);
    const bookings = (await admin.call('GET', `/api/admin/bookings?q=${search}`)).json();
    expect(bookings.bookings.map((b: { id: string }) => b.id)).toEqual([made.json().id]);
    const customers = (await admin.call('GET', `/api/admin/customers?q=${search}`)).json();
    expect(customers.customers).toMatchObject([{ id: someone.id, phone: '+447700900314' }]);
    const wrong = await someone.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, localIso(nextWeekday(4, 20), '13:00'), { phone: 'O77OO 9OO314' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Enter a phone number we can text, e.g. 07700 900123');
  });
});

describe('customers', () => {
  it('are searched, tagged and blocked; a blocked customer’s next booking is refused', async () => {
    const victim = await signedIn(t);
    const found = (
      await admin.call('GET', `/api/admin/customers?q=${encodeURIComponent(victim.email.slice(0, 9))}`)
    ).json();
    expect(found.customers.map((c: { id: string }) => c.id)).toContain(victim.id);
    const updated = await admin.call('PATCH', `/api/admin/customers/${victim.id}`, {
      policy: 'blocked',
      tags: ['late', 'late', 'rude'],
      privateNotes: 'Twice late',
    });
    expect(updated.json()).toMatchObject({ policy: 'blocked', tags: ['late', 'rude'] });
    const refused = await victim.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, localIso(nextWeekday(1, 9), '10:00')),
    );
    expect(refused.json().error.code).toBe('CLIENT_BLOCKED');
    const profile = (await admin.call('GET', `/api/admin/customers/${victim.id}`)).json();
    expect(profile.customer).toMatchObject({ policy: 'blocked', privateNotes: 'Twice late' });
    expect(profile.audit[0]).toMatchObject({ action: 'customer.updated', before: null, after: { policy: 'blocked' } });
    expect((await admin.call('PATCH', `/api/admin/customers/${victim.id}`, { policy: 'banned' })).statusCode).toBe(400);
    // Nothing to change changes nothing, and is no error (an empty SET once made it a 500).
    const unchanged = await admin.call('PATCH', `/api/admin/customers/${victim.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ policy: 'blocked', tags: ['late', 'rude'], privateNotes: 'Twice late' });
    const stranger = await signedIn(t);
    expect((await admin.call('PATCH', `/api/admin/customers/${stranger.id}`, {})).statusCode).toBe(200);
  });

  it('treat % and _ in a search as plain characters', async () => {
    expect((await admin.call('GET', '/api/admin/customers?q=_')).json().total).toBe(0);
    expect((await admin.call('GET', '/api/admin/customers?q=%25')).json().total).toBe(0);
  });

  it('sort by figures and page', async () => {
    const bySpend = (await admin.call('GET', '/api/admin/customers?sort=bookings&order=desc&pageSize=2')).json();
    expect(bySpend.customers).toHaveLength(2);
    expect(bySpend.customers[0].bookings).toBeGreaterThanOrEqual(bySpend.customers[1].bookings);
    expect(bySpend.total).toBeGreaterThan(2);
    expect((await admin.call('GET', '/api/admin/customers?sort=shoeSize')).statusCode).toBe(400);
  });

  it('are exported and erased on request, bookings kept anonymised', async () => {
    const leaving = await signedIn(t);
    const made = (
      await leaving.call('POST', '/api/bookings', bookingBody(swedishId, localIso(nextWeekday(2, 9), '16:00')))
    ).json();
    const exported = await admin.call('GET', `/api/admin/customers/${leaving.id}/export`);
    expect(exported.json().bookings[0].id).toBe(made.id);
    expect((await admin.call('POST', `/api/admin/customers/${leaving.id}/erase`)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(booking).where(eq(booking.id, made.id));
    expect(kept).toMatchObject({ clientId: null, clientName: 'Deleted client' });
    expect((await admin.call('GET', `/api/admin/customers/${leaving.id}`)).statusCode).toBe(404);
  });
});

describe('emails', () => {
  it('the next email uses an edited template; unknown variables are refused; restore brings the default back', async () => {
    const bad = await admin.call('PUT', '/api/admin/email-templates/booking.confirmed', {
      subject: 'Hi {{firstName}}',
      body: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('{{firstName}}');
    const saved = await admin.call('PUT', '/api/admin/email-templates/booking.confirmed', {
      subject: 'See you {{when}}!',
      body: 'Dear {{clientName}}, your {{service}} is booked.',
    });
    expect(saved.statusCode).toBe(204);
    const newcomer = await signedIn(t);
    await newcomer.call('POST', '/api/bookings', bookingBody(swedishId, localIso(nextWeekday(3, 9), '17:00')));
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, newcomer.email));
    expect(mail?.subject).toMatch(/^See you .*\(Europe\/London\)!$/);
    expect(mail?.text).toBe('Dear Sam Client, your Swedish massage is booked.');
    expect(mail?.attachments[0]?.filename).toBe('booking.ics');

    const preview = (
      await admin.call('POST', '/api/admin/email-templates/booking.confirmed/preview', {
        subject: 'Hi {{clientName}}',
        body: 'On {{when}}',
      })
    ).json();
    expect(preview.subject).toBe('Hi Alex Example');
    await admin.call('DELETE', '/api/admin/email-templates/booking.confirmed');
    const templates = (await admin.call('GET', '/api/admin/email-templates')).json().templates;
    expect(templates.find((x: { kind: string }) => x.kind === 'booking.confirmed')).toMatchObject({
      isDefault: true,
      subject: 'Your booking is confirmed: {{when}}',
    });
  });

  it('lists the outbox, resends one and sends a one-off message to a customer', async () => {
    const list = (await admin.call('GET', '/api/admin/emails?pageSize=5')).json();
    expect(list.total).toBeGreaterThan(0);
    // No worker runs in this test: mark one delivered, as the worker would, before resending it.
    await t.db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.id, list.emails[0].id));
    const resent = await admin.call('POST', `/api/admin/emails/${list.emails[0].id}/resend`);
    expect(resent.statusCode).toBe(201);
    const composed = await admin.call('POST', '/api/admin/emails', {
      customerId: client.id,
      subject: 'Parking',
      body: 'The car park is closed on Friday.',
    });
    expect(composed.statusCode).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Parking'));
    expect(mail).toMatchObject({ recipient: client.email, kind: 'admin.message' });
    expect(
      (await admin.call('POST', '/api/admin/emails', { customerId: client.id, subject: '', body: 'x' })).statusCode,
    ).toBe(400);
    const toStaff = await admin.call('POST', '/api/admin/emails', { customerId: lodger.id, subject: 'Hi', body: 'x' });
    expect(toStaff.statusCode).toBe(404);
    const [queued] = await t.db
      .insert(emailOutbox)
      .values({ recipient: client.email, subject: 'Queued', text: 'x', kind: 'test' })
      .returning();
    expect((await admin.call('POST', `/api/admin/emails/${queued?.id}/resend`)).statusCode).toBe(409);
  });
});

describe('dashboard', () => {
  it('shows the requests to approve, the week ahead and the figures', async () => {
    const flagged = await signedIn(t, { sensual: true });
    const sensualId = (await serviceOfType(t, 'sensual')).id;
    const pending = (
      await flagged.call(
        'POST',
        '/api/bookings',
        bookingBody(sensualId, localIso(nextWeekday(1, 3), '19:00'), { adultConfirmed: true }),
      )
    ).json();
    const board = (await admin.call('GET', '/api/admin/dashboard')).json();
    expect(board.pending.map((b: { id: string }) => b.id)).toContain(pending.id);
    expect(board.figures.week).toEqual(
      expect.objectContaining({
        bookings: expect.any(Number),
        occupancy: expect.any(Number),
        revenuePence: expect.any(Number),
      }),
    );
    expect(board.newCustomers.length).toBeGreaterThan(0);
    const sensualSlots = await admin.call(
      'GET',
      `/api/slots?serviceId=${sensualId}&duration=60&from=${nextWeekday(2, 3)}&to=${nextWeekday(2, 3)}`,
    );
    expect(sensualSlots.statusCode).toBe(200); // the owner needs no discretion cookie
    const approved = await admin.call('POST', `/api/admin/bookings/${pending.id}/approve`);
    expect(approved.json()).toMatchObject({ id: pending.id, status: 'confirmed', paidPence: 0 });
    expect(approved.json()).not.toHaveProperty('occupiedUntil');
    const after = (await admin.call('GET', '/api/admin/dashboard')).json();
    expect(after.pending.map((b: { id: string }) => b.id)).not.toContain(pending.id);
  });
});
