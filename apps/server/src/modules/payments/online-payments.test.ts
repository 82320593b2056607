import { accountCodes } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, emailOutbox, onlinePayment, payment, stripeEvent } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { releaseExpiredHolds } from './stripe-webhook.service.ts';

let peer: StripePeer;
let t: TestApp;
let swedishId: string;
let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({
    AUTH_RATE_LIMIT_MAX: '10000',
    ADMIN_EMAIL: 'owner@example.test',
    STRIPE_STATEMENT_DESCRIPTOR: 'SOOTHE LDN',
    ...peer.env(),
  });
  // Stripe's POST: no Origin, no cookie, the exact bytes it signed.
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  swedishId = (await serviceOfType(t, 'swedish')).id;
  owner = await signedIn(t, { role: 'admin' });
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: {
      newClient: { kind: 'deposit_fixed', amountPence: 2000 },
      returningClient: { kind: 'none' },
    },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: 24 * 20,
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

let slot = 0;
/** A weekday time of its own for each booking of this file. */
function freeTime() {
  const n = slot++;
  return localIso(
    nextWeekday(1 + (n % 5), 4 + 7 * Math.floor(n / 20)),
    ['10:00', '12:00', '14:00', '16:00'][Math.floor(n / 5) % 4] ?? '10:00',
  );
}

async function bookWithDeposit(at = freeTime()) {
  const client = await signedIn(t);
  const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, at));
  expect(response.statusCode, response.body).toBe(201);
  return { client, at, booking: response.json(), intentId: await intentOf(response.json().id) };
}

async function intentOf(bookingId: string) {
  const [row] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, bookingId));
  return row?.intentId ?? '';
}

async function statusOf(id: string) {
  const [row] = await t.db.select({ status: booking.status }).from(booking).where(eq(booking.id, id));
  return row?.status;
}

/** Debits minus credits of each account, summed over every journal line in SQL. */
async function ledgerNet(): Promise<Record<string, number>> {
  const result = await t.db.execute<{ code: string; net: string }>(
    sql`select account_code as code, sum(debit_pence - credit_pence)::text as net from journal_line group by account_code`,
  );
  const rows = (result as unknown as { rows: { code: string; net: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.net)]));
}
function change(before: Record<string, number>, after: Record<string, number>) {
  const codes = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...codes].map((code) => [code, (after[code] ?? 0) - (before[code] ?? 0)]).filter(([, value]) => value !== 0),
  );
}
async function totalImbalance() {
  const result = await t.db.execute<{ diff: string }>(
    sql`select coalesce(sum(debit_pence) - sum(credit_pence), 0)::text as diff from journal_line`,
  );
  return Number((result as unknown as { rows: { diff: string }[] }).rows[0]?.diff);
}

async function isOffered(at: string) {
  const date = at.slice(0, 10);
  const from = nextWeekday(0, 1);
  const slots = await t.app.inject({
    method: 'GET',
    url: `/api/slots?serviceId=${swedishId}&duration=60&from=${from}&to=${nextWeekday(0, 60)}`,
  });
  expect(slots.statusCode).toBe(200);
  return (slots.json().days as { slots: string[] }[]).some((day) => day.slots.includes(at)) || !date;
}

describe('a booking that asks for a deposit', () => {
  it('waits for payment holding its time, with a payment intent made once for it', async () => {
    const { booking: made, at, intentId, client } = await bookWithDeposit();
    expect(made).toMatchObject({ status: 'awaiting_payment', address: null, changeableByClient: false });
    expect(made.payment).toMatchObject({ kind: 'deposit', amountPence: 2000, currency: 'GBP', status: 'awaiting' });
    expect(made.payment.clientSecret).toBe(peer.intent(intentId).client_secret);
    const created = peer.requests.find((r) => r.path === '/v1/payment_intents' && r.body.metadata);
    expect(
      peer.requests.filter(
        (r) => r.method === 'POST' && (r.body.metadata as { bookingId?: string } | undefined)?.bookingId === made.id,
      ),
    ).toHaveLength(1);
    expect(created?.idempotencyKey).toBe(`booking-${made.id}`);
    expect(peer.intent(intentId)).toMatchObject({
      amount: 2000,
      currency: 'gbp',
      metadata: { bookingId: made.id, purpose: 'deposit' },
      statement_descriptor_suffix: 'SOOTHE LDN',
      description: 'Deposit for your appointment',
    });
    // The time is busy: not offered, and refused to another client.
    expect(await isOffered(at)).toBe(false);
    const other = await signedIn(t);
    const taken = await other.call('POST', '/api/bookings', bookingBody(swedishId, at));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SLOT_UNAVAILABLE');
    // Nobody is emailed yet.
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).toEqual([]);
  });

  it('answers a repeated request (same idempotency key) with the same booking and the same intent', async () => {
    const client = await signedIn(t);
    const body = bookingBody(swedishId, freeTime());
    const first = await client.call('POST', '/api/bookings', body);
    const again = await client.call('POST', '/api/bookings', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().payment.clientSecret).toBe(first.json().payment.clientSecret);
  });
});

describe('the Stripe webhook', () => {
  it('confirms the booking on payment_intent.succeeded, emails as a new booking, and posts the deposit as held', async () => {
    const { booking: made, intentId, client } = await bookWithDeposit();
    const before = await ledgerNet();
    const { statuses } = await peer.succeed(intentId);
    expect(statuses).toEqual([200]);
    expect(await statusOf(made.id)).toBe('confirmed');
    const kinds = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['booking.confirmed']);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.stripeClearing]: 2000,
      [accountCodes.depositsHeld]: -2000,
    });
    expect(await totalImbalance()).toBe(0);
    const paid = await t.db.select().from(payment).where(eq(payment.bookingId, made.id));
    expect(paid).toMatchObject([{ kind: 'payment', amountPence: 2000, method: 'card', recordedBy: null }]);
  });

  it('handles the same event delivered twice at the same moment once', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    await peer.succeed(intentId, { deliver: false });
    const event = peer.eventOf('payment_intent.succeeded', peer.intent(intentId));
    const answers = await Promise.all([peer.send(event), peer.send(event), peer.send(event)]);
    expect(answers.map((a) => a.statuses[0])).toEqual([200, 200, 200]);
    expect(await t.db.select().from(payment).where(eq(payment.bookingId, made.id))).toHaveLength(1);
    expect(await statusOf(made.id)).toBe('confirmed');
  });

  it('asks nothing by card of a new client’s sensual booking, which waits for the owner (decision 065)', async () => {
    const sensual = await serviceOfType(t, 'sensual');
    const client = await signedIn(t, { sensual: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensual.id, freeTime(), { adultConfirmed: true }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending', payment: null });
    expect(await intentOf(made.json().id)).toBe('');
    const kinds = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['booking.pending']);
  });

  it('handles an event delivered twice exactly once (the second answer is 200 too)', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    const before = await ledgerNet();
    const { statuses, event } = await peer.succeed(intentId, { times: 2 });
    expect(statuses).toEqual([200, 200]);
    expect(await t.db.select().from(payment).where(eq(payment.bookingId, made.id))).toHaveLength(1);
    expect(await t.db.select().from(stripeEvent).where(eq(stripeEvent.id, event.id))).toMatchObject([
      { type: 'payment_intent.succeeded', outcome: 'booked' },
    ]);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.stripeClearing]: 2000,
      [accountCodes.depositsHeld]: -2000,
    });
  });

  it('works whether it arrives before or after the client comes back and asks', async () => {
    // Before: the client's page reads the booking already confirmed.
    const early = await bookWithDeposit();
    await peer.succeed(early.intentId);
    const read = await early.client.call('GET', `/api/bookings/${early.booking.id}`);
    expect(read.json()).toMatchObject({ status: 'confirmed', payment: { status: 'succeeded', clientSecret: null } });

    // After: the page first reads it awaiting (with its secret again), then confirmed.
    const late = await bookWithDeposit();
    const waiting = await late.client.call('GET', `/api/bookings/${late.booking.id}`);
    expect(waiting.json()).toMatchObject({ status: 'awaiting_payment', payment: { status: 'awaiting' } });
    expect(waiting.json().payment.clientSecret).toBe(peer.intent(late.intentId).client_secret);
    await peer.succeed(late.intentId);
    const done = await late.client.call('GET', `/api/bookings/${late.booking.id}`);
    expect(done.json().status).toBe('confirmed');
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    const before = await ledgerNet();
    const { statuses, event } = await peer.forged(intentId);
    expect(statuses).toEqual([400]);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toBe('BAD_SIGNATURE');
    expect(await statusOf(made.id)).toBe('awaiting_payment');
    expect(await t.db.select().from(stripeEvent).where(eq(stripeEvent.id, event.id))).toEqual([]);
    expect(change(before, await ledgerNet())).toEqual({});
  });

  it('keeps the time held after a declined card, so the client can pay with another one; the sweep frees it if not', async () => {
    const { booking: made, intentId, at } = await bookWithDeposit();
    expect((await peer.fail(intentId)).statuses).toEqual([200]);
    expect(await statusOf(made.id)).toBe('awaiting_payment');
    expect(await isOffered(at)).toBe(false);
    expect(peer.intent(intentId).status).toBe('requires_payment_method');
    await peer.succeed(intentId);
    expect(await statusOf(made.id)).toBe('confirmed');

    const declined = await bookWithDeposit();
    await peer.fail(declined.intentId);
    expect(await releaseExpiredHolds({ ...t.context, now: () => Date.now() + 10 * 60_000 })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(declined.booking.id)).toBe('cancelled');
    expect(peer.intent(declined.intentId).status).toBe('canceled');
    expect(await isOffered(declined.at)).toBe(true);
  });

  it('frees the time when the payment is cancelled', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    await t.context.stripe?.sdk.paymentIntents.cancel(intentId);
    expect((await peer.canceled(intentId)).statuses).toEqual([200]);
    expect(await statusOf(made.id)).toBe('cancelled');
  });
});

describe('the hold', () => {
  const deps = () => ({ ...t.context, now: () => Date.now() + 10 * 60_000 });

  it('is released by the job after at most ten minutes: intent cancelled, booking cancelled, time free', async () => {
    const { booking: made, intentId, at } = await bookWithDeposit();
    expect(await releaseExpiredHolds(t.context)).toBe(0);
    expect(await releaseExpiredHolds(deps())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(made.id)).toBe('cancelled');
    expect(peer.intent(intentId).status).toBe('canceled');
    expect(await isOffered(at)).toBe(true);
    const [row] = await t.db.select().from(booking).where(eq(booking.id, made.id));
    expect(row?.cancelReason).toMatch(/Not paid within 10 minutes/);
  });

  it('settles a booking Stripe says is paid when its webhook has not come, instead of releasing it', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    await peer.succeed(intentId, { deliver: false });
    await releaseExpiredHolds(deps());
    expect(await statusOf(made.id)).toBe('confirmed');
    // The webhook arriving afterwards finds it done.
    const { statuses } = await peer.send(peer.eventOf('payment_intent.succeeded', peer.intent(intentId)));
    expect(statuses).toEqual([200]);
    expect(await t.db.select().from(payment).where(eq(payment.bookingId, made.id))).toHaveLength(1);
  });

  it('books a payment that succeeds after its hold ended if the time is still free', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    await t.db.update(onlinePayment).set({ status: 'cancelled' }).where(eq(onlinePayment.intentId, intentId));
    await t.db
      .update(booking)
      .set({ status: 'cancelled', cancelledBy: 'business', cancelReason: 'Not paid within 10 minutes' })
      .where(eq(booking.id, made.id));
    await peer.succeed(intentId);
    expect(await statusOf(made.id)).toBe('confirmed');
  });

  it('pays back through Stripe a payment that succeeds after its time was given to someone else', async () => {
    const { booking: made, intentId, at } = await bookWithDeposit();
    await releaseExpiredHolds(deps());
    const other = await signedIn(t);
    expect((await other.call('POST', '/api/bookings', bookingBody(swedishId, at))).statusCode).toBe(201);
    // The client's card went through just before the intent was cancelled.
    Object.assign(peer.intent(intentId), { status: 'requires_payment_method' });
    const before = await ledgerNet();
    expect((await peer.succeed(intentId)).statuses).toEqual([200]);
    expect(await statusOf(made.id)).toBe('cancelled');
    expect([...peer.refunds.values()].filter((r) => r.payment_intent === intentId)).toMatchObject([
      { amount: 2000, status: 'succeeded' },
    ]);
    const money = await t.db.select().from(payment).where(eq(payment.bookingId, made.id));
    expect(money.map((m) => [m.kind, m.amountPence]).sort()).toEqual([
      ['payment', 2000],
      ['refund', 2000],
    ]);
    expect(change(before, await ledgerNet())).toEqual({});
    expect(await totalImbalance()).toBe(0);
  });

  it('is given back at once when Stripe cannot be reached to start the payment', async () => {
    const client = await signedIn(t);
    const at = freeTime();
    peer.failNext(3);
    const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, at));
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('PAYMENT_UNAVAILABLE');
    expect(await isOffered(at)).toBe(true);
  });
});

describe('money held until the appointment', () => {
  async function paidAndPast() {
    const made = await bookWithDeposit();
    await peer.succeed(made.intentId);
    const past = new Date(Date.now() - 30 * 86_400_000 - slot * 3 * 3_600_000);
    await t.db
      .update(booking)
      .set({
        startsAt: past,
        endsAt: new Date(past.getTime() + 3_600_000),
        occupiedUntil: new Date(past.getTime() + 4_500_000),
      })
      .where(eq(booking.id, made.booking.id));
    return made;
  }

  it('becomes the sale (VAT included) when the appointment is completed', async () => {
    await owner.call('PUT', '/api/admin/invoices/settings', {
      vatRegistered: true,
      vatNumber: 'GB123456789',
      vatRatePercent: 20,
      invoiceDueDays: 14,
      invoiceFooter: '',
    });
    const { booking: made } = await paidAndPast();
    const before = await ledgerNet();
    const done = await owner.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.salesTherapeutic]: -1667,
      [accountCodes.vat]: -333,
    });
  });

  it('is kept as other income after a no-show, with VAT at the sales rate as the no-show fee has', async () => {
    // The business is VAT registered since the test above.
    const { booking: made } = await paidAndPast();
    const before = await ledgerNet();
    await owner.call('POST', `/api/admin/bookings/${made.id}/outcome`, { status: 'no_show' });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.otherIncome]: -1667,
      [accountCodes.vat]: -333,
    });
    expect(await totalImbalance()).toBe(0);
  });

  it('cannot be paid back by hand while held (it goes back through Stripe)', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    await peer.succeed(intentId);
    const refund = await owner.call('POST', `/api/admin/bookings/${made.id}/refunds`, {
      amountPence: 2000,
      method: 'card',
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.message).toContain('through Stripe');
  });

  it('is kept when the client cancels after the free cancellation window', async () => {
    const { booking: made, intentId, client } = await bookWithDeposit();
    await peer.succeed(intentId);
    const before = await ledgerNet();
    const cancelled = await client.call('POST', `/api/bookings/${made.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.otherIncome]: -1667,
      [accountCodes.vat]: -333,
    });
  });
});

describe('a returning client', () => {
  it('pays nothing up front under a policy that asks only new clients, and is confirmed at once', async () => {
    const client = await signedIn(t);
    await owner.call('PUT', `/api/admin/customers/${client.id}/policy`, { policy: 'trusted' });
    const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'confirmed', payment: null });
  });
});

describe('the client paying in the browser (the Stripe peer confirming as Stripe.js asks it)', () => {
  /** What Stripe.js posts: the publishable key and the intent's client secret, no secret key. */
  async function confirmFromBrowser(intentId: string, paymentMethod: string) {
    const intent = peer.intent(intentId);
    return fetch(`${peer.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_peer',
        client_secret: intent.client_secret,
        payment_method: paymentMethod,
        return_url: 'http://localhost/book/confirmed',
      }),
    });
  }

  it('books the time once Stripe says a good card has paid, the webhook arriving after the answer', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    const answer = await confirmFromBrowser(intentId, 'pm_card_visa');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: intentId, status: 'succeeded' });
    await peer.settled();
    expect(await statusOf(made.id)).toBe('confirmed');
  });

  it("answers a declined card with Stripe's card_error and tells the app the payment failed", async () => {
    const { intentId } = await bookWithDeposit();
    const answer = await confirmFromBrowser(intentId, 'pm_card_chargeDeclined');
    expect(answer.status).toBe(402);
    expect(((await answer.json()) as { error: unknown }).error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    await peer.settled();
    expect(peer.intent(intentId).last_payment_error).toMatchObject({ code: 'card_declined' });
  });

  it('delivers the webhook before answering when asked, and refuses a wrong client secret', async () => {
    const { booking: made, intentId } = await bookWithDeposit();
    const forged = await fetch(`${peer.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: 'pk_test_peer',
        client_secret: 'pi_x_secret_y',
        payment_method: 'pm_card_visa',
      }),
    });
    expect(forged.status).toBe(400);
    peer.confirmWebhooks('before');
    try {
      const answer = await confirmFromBrowser(intentId, 'pm_card_visa');
      expect(answer.status).toBe(200);
      expect(await statusOf(made.id)).toBe('confirmed');
    } finally {
      peer.confirmWebhooks('after');
    }
  });

  it("allows Stripe.js, Stripe's API and its frames in the Content-Security-Policy once keys are set", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
  });
});

describe('what the booking page is told is due before confirming', () => {
  it('gives a new client the deposit and the free cancellation hours, by the same rule as the booking', async () => {
    const client = await signedIn(t);
    const answer = await client.call('GET', `/api/bookings/upfront?serviceId=${swedishId}&duration=60`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      due: { kind: 'deposit', amountPence: 2000 },
      noShowFeePence: null,
      currency: 'GBP',
      freeCancellationHours: 24 * 20,
      bankDepositPence: null,
    });
  });

  it('refuses a visitor who is not signed in and a malformed question', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/upfront?serviceId=${swedishId}&duration=60`,
    });
    expect(anonymous.statusCode).toBe(401);
    const client = await signedIn(t);
    const malformed = await client.call('GET', '/api/bookings/upfront?serviceId=nope&duration=60');
    expect(malformed.statusCode).toBe(400);
    const unknownLength = await client.call('GET', `/api/bookings/upfront?serviceId=${swedishId}&duration=45`);
    expect(unknownLength.statusCode).toBe(404);
  });
});
