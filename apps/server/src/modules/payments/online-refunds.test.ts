import { accountCodes } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, emailOutbox, onlinePayment, onlineRefund, payment, stripeEvent } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { retryOnlineRefunds } from './online-refunds.ts';

/** Refunds of money paid online, from the back office and on cancelling (decision 053). */

let peer: StripePeer;
let t: TestApp;
let swedishId: string;
let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', ADMIN_EMAIL: 'owner@example.test', ...peer.env() });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  swedishId = (await serviceOfType(t, 'swedish')).id;
  owner = await signedIn(t, { role: 'admin' });
  await freeWindowOf(24);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** The owner's policy: a £20 deposit from new clients, free cancellation up to `hours` before. */
async function freeWindowOf(hours: number) {
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: hours,
  });
  expect(policy.statusCode, policy.body).toBe(200);
}

let slot = 0;
/** A weekday time of its own for each booking, at least ten days ahead. */
function freeTime() {
  const n = slot++;
  return localIso(
    nextWeekday(1 + (n % 5), 10 + 7 * Math.floor(n / 20)),
    ['10:00', '12:00', '14:00', '16:00'][Math.floor(n / 5) % 4] ?? '10:00',
  );
}

/** A new client books with a £20 deposit and Stripe says it is paid. */
async function paidDeposit() {
  const client = await signedIn(t);
  const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()));
  expect(response.statusCode, response.body).toBe(201);
  const id: string = response.json().id;
  const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, id));
  const intentId = held?.intentId ?? '';
  expect((await peer.succeed(intentId)).statuses).toEqual([200]);
  return { client, id, intentId };
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
/** Deposits held in the ledger equals what online payments still hold (less refunds Stripe confirmed), in SQL. */
async function heldAgreesWithLedger() {
  const result = (await t.db.execute(sql`
    select (select coalesce(sum(op.amount_pence - coalesce((select sum(r.amount_pence) from online_refund r
              where r.online_payment_id = op.id and r.status = 'succeeded'), 0)), 0)
            from online_payment op where op.settlement = 'held')::text as held,
           (select coalesce(sum(credit_pence - debit_pence), 0) from journal_line where account_code = '2300')::text as owed,
           (select coalesce(sum(debit_pence) - sum(credit_pence), 0) from journal_line)::text as imbalance`)) as {
    rows: { held: string; owed: string; imbalance: string }[];
  };
  const row = result.rows[0];
  expect(Number(row?.owed)).toBe(Number(row?.held));
  expect(Number(row?.imbalance)).toBe(0);
}

async function sheet(id: string) {
  const response = await owner.call('GET', `/api/admin/bookings/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function refundRows(id: string) {
  return t.db
    .select()
    .from(payment)
    .where(and(eq(payment.bookingId, id), eq(payment.kind, 'refund')));
}
const refund = (id: string, amountPence: number, reason = 'Goodwill') =>
  owner.call('POST', `/api/admin/bookings/${id}/online-refunds`, { amountPence, reason });

describe('a refund from the back office', () => {
  it('pays back the whole deposit through Stripe at once and reverses what was held', async () => {
    const { id, intentId } = await paidDeposit();
    const before = await ledgerNet();
    const answer = await refund(id, 2000, 'Therapist ill');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ amountPence: 2000, status: 'succeeded', reason: 'Therapist ill' });
    const asked = peer.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.idempotencyKey).toBe(`online-refund-${answer.json().id}`);
    expect(asked[0]?.body).toMatchObject({ amount: '2000', metadata: { bookingId: id } });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.stripeClearing]: -2000,
    });
    expect((await refundRows(id)).map((r) => [r.amountPence, r.method])).toEqual([[2000, 'card']]);
    const shown = await sheet(id);
    expect(shown.onlinePayment).toMatchObject({ amountPence: 2000, settlement: 'refunded', refundablePence: 0 });
    expect(shown.onlinePayment.refunds).toMatchObject([{ amountPence: 2000, status: 'succeeded' }]);
    await heldAgreesWithLedger();
  });

  it('pays back part of it, keeping the rest held until the appointment, which then becomes the sale', async () => {
    const { id } = await paidDeposit();
    const before = await ledgerNet();
    expect((await refund(id, 700)).json()).toMatchObject({ status: 'succeeded' });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 700,
      [accountCodes.stripeClearing]: -700,
    });
    expect((await sheet(id)).onlinePayment).toMatchObject({ settlement: 'held', refundablePence: 1300 });
    await heldAgreesWithLedger();
    // The appointment takes place: what is left (£13) becomes the sale, not the whole £20.
    const past = new Date(Date.now() - 2 * 86_400_000 - slot * 3_600_000);
    await t.db
      .update(booking)
      .set({
        startsAt: past,
        endsAt: new Date(past.getTime() + 3_600_000),
        occupiedUntil: new Date(past.getTime() + 3_600_000),
      })
      .where(eq(booking.id, id));
    const middle = await ledgerNet();
    const done = await owner.call('POST', `/api/admin/bookings/${id}/outcome`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(change(middle, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 1300,
      [accountCodes.salesTherapeutic]: -1300,
    });
    // A refund after the sale undoes the sale (no VAT while the business is not registered).
    const after = await ledgerNet();
    expect((await refund(id, 500)).json()).toMatchObject({ status: 'succeeded' });
    expect(change(after, await ledgerNet())).toEqual({
      [accountCodes.salesTherapeutic]: 500,
      [accountCodes.stripeClearing]: -500,
    });
    await heldAgreesWithLedger();
  });

  it('waits for Stripe when the refund is pending, and records it once from its webhook delivered twice', async () => {
    const { id } = await paidDeposit();
    peer.refundsWill('pending');
    const before = await ledgerNet();
    const answer = await refund(id, 1500);
    peer.refundsWill('succeeded');
    expect(answer.json()).toMatchObject({ status: 'pending' });
    expect(await refundRows(id)).toEqual([]);
    expect(change(before, await ledgerNet())).toEqual({});
    // What is pending counts against what may still be refunded.
    expect((await sheet(id)).onlinePayment.refundablePence).toBe(500);
    const [row] = await t.db.select().from(onlineRefund).where(eq(onlineRefund.bookingId, id));
    const delivered = await peer.settleRefund(row?.stripeRefundId ?? '', 'succeeded', { times: 2 });
    expect(delivered.statuses).toEqual([200, 200]);
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([1500]);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 1500,
      [accountCodes.stripeClearing]: -1500,
    });
    const [handled] = await t.db.select().from(stripeEvent).where(eq(stripeEvent.id, delivered.event.id));
    expect(handled?.outcome).toBe('refund recorded');
    expect((await sheet(id)).onlinePayment.refunds).toMatchObject([{ status: 'succeeded', amountPence: 1500 }]);
    await heldAgreesWithLedger();
  });

  it('shows a refund Stripe fails (at once, or later by charge.refund.updated) and never records it', async () => {
    const { id } = await paidDeposit();
    const before = await ledgerNet();
    peer.refundsWill('failed');
    const failed = await refund(id, 2000);
    peer.refundsWill('pending');
    expect(failed.json()).toMatchObject({ status: 'failed', failure: expect.stringContaining('expired') });
    const later = await refund(id, 800);
    peer.refundsWill('succeeded');
    expect(later.json()).toMatchObject({ status: 'pending' });
    const [pending] = await t.db.select().from(onlineRefund).where(eq(onlineRefund.id, later.json().id));
    await peer.settleRefund(pending?.stripeRefundId ?? '', 'failed', { type: 'charge.refund.updated' });
    expect(await refundRows(id)).toEqual([]);
    expect(change(before, await ledgerNet())).toEqual({});
    const shown = await sheet(id);
    expect(shown.onlinePayment).toMatchObject({ settlement: 'held', refundablePence: 2000 });
    expect(shown.onlinePayment.refunds.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed']);
  });

  it('refuses more than is left, a bad amount or no reason, with a 400 that changes nothing', async () => {
    const { id } = await paidDeposit();
    expect((await refund(id, 1200)).statusCode).toBe(201);
    const over = await refund(id, 801);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('At most £8.00 is left to refund of this online payment.');
    const zero = await owner.call('POST', `/api/admin/bookings/${id}/online-refunds`, { amountPence: 0, reason: 'x' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toContain('amountPence');
    const noReason = await owner.call('POST', `/api/admin/bookings/${id}/online-refunds`, { amountPence: 100 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('reason');
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([1200]);
    expect(await t.db.select().from(onlineRefund).where(eq(onlineRefund.bookingId, id))).toHaveLength(1);
    // A client may not refund anything.
    const client = await signedIn(t);
    const forbidden = await client.call('POST', `/api/admin/bookings/${id}/online-refunds`, {
      amountPence: 1,
      reason: 'x',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('refunds at the same moment', () => {
  it('accepts only one of two refunds that together exceed the deposit, asked at once', async () => {
    const { id, intentId } = await paidDeposit();
    const answers = await Promise.all([refund(id, 1500), refund(id, 1500)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect([...peer.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([
      1500,
    ]);
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([1500]);
    await heldAgreesWithLedger();
  });

  it('records a pending refund once when its webhook is delivered twice at the same moment', async () => {
    const { id } = await paidDeposit();
    peer.refundsWill('pending');
    const answer = await refund(id, 2000);
    peer.refundsWill('succeeded');
    const [row] = await t.db.select().from(onlineRefund).where(eq(onlineRefund.id, answer.json().id));
    const stripeRefund = peer.refunds.get(row?.stripeRefundId ?? '');
    if (!stripeRefund) throw new Error('no refund at the peer');
    stripeRefund.status = 'succeeded';
    const event = peer.eventOf('refund.updated', stripeRefund);
    const delivered = await Promise.all([peer.send(event), peer.send(event)]);
    expect(delivered.flatMap((d) => d.statuses)).toEqual([200, 200]);
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([2000]);
    await heldAgreesWithLedger();
  });
});

describe('when Stripe cannot be reached for a refund', () => {
  it('logs it with the booking id, shows "retrying", records nothing, and the job pays it back later', async () => {
    const { id, client } = await paidDeposit();
    const before = await ledgerNet();
    const logsBefore = t.logs.length;
    // The SDK tries three times (maxNetworkRetries 2): every try fails.
    peer.failNext(3);
    const answer = await refund(id, 2000);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'retrying' });
    expect((await sheet(id)).onlinePayment.refunds).toMatchObject([{ status: 'retrying' }]);
    expect(await refundRows(id)).toEqual([]);
    expect(change(before, await ledgerNet())).toEqual({});
    const logged = t.logs.slice(logsBefore).filter((line) => line.bookingId === id);
    expect(logged).toMatchObject([{ level: 50, msg: 'Stripe refund call failed; it will be retried' }]);
    expect(JSON.stringify(logged)).not.toContain(client.email);
    // The job's sweep asks again with the same key: Stripe pays once, and it is recorded once.
    expect(await retryOnlineRefunds(t.context)).toBe(1);
    expect(await retryOnlineRefunds(t.context)).toBe(0);
    const keys = peer.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys.filter((key) => key === `online-refund-${answer.json().id}`).length).toBeGreaterThanOrEqual(2);
    expect([...peer.refunds.values()].filter((r) => r.metadata.bookingId === id)).toHaveLength(1);
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([2000]);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.stripeClearing]: -2000,
    });
  });
});

describe('a cancellation', () => {
  it('inside the free window pays the client’s deposit back through Stripe and says so', async () => {
    await freeWindowOf(24);
    const { id, client } = await paidDeposit();
    const told = await client.call('GET', `/api/bookings/${id}`);
    expect(told.json().cancellationMoney).toEqual({
      kind: 'deposit',
      amountPence: 2000,
      outcome: 'refunded',
      freeCancellationHours: 24,
    });
    const before = await ledgerNet();
    const cancelled = await client.call('POST', `/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellationMoney: { outcome: 'refunded' } });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.stripeClearing]: -2000,
    });
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([2000]);
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.cancelled')));
    expect(email?.text).toContain('Your £20 deposit will be refunded to your card.');
    await heldAgreesWithLedger();
  });

  it('after the free window keeps the deposit as other income and says so', async () => {
    await freeWindowOf(720);
    const { id, client } = await paidDeposit();
    const before = await ledgerNet();
    const cancelled = await client.call('POST', `/api/bookings/${id}/cancel`, {});
    await freeWindowOf(24);
    expect(cancelled.json().cancellationMoney).toMatchObject({ amountPence: 2000, outcome: 'kept' });
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.otherIncome]: -2000,
    });
    expect(await refundRows(id)).toEqual([]);
    expect([...peer.refunds.values()].filter((r) => r.metadata.bookingId === id)).toEqual([]);
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.cancelled')));
    expect(email?.text).toContain('Your £20 deposit is kept, as the cancellation is less than 720 hours before');
    await heldAgreesWithLedger();
  });

  it('by the owner with "refund" pays the online part back through Stripe', async () => {
    const { id } = await paidDeposit();
    const before = await ledgerNet();
    const cancelled = await owner.call('POST', `/api/admin/bookings/${id}/cancel`, {
      reason: 'Therapist ill',
      notifyClient: true,
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ onlineRefundPence: 2000, refundedPence: 0 });
    expect(cancelled.json().onlinePayment.refunds).toMatchObject([{ status: 'succeeded', amountPence: 2000 }]);
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.depositsHeld]: 2000,
      [accountCodes.stripeClearing]: -2000,
    });
    await heldAgreesWithLedger();
  });

  it('of a booking awaiting payment releases its time and cancels its payment intent', async () => {
    const client = await signedIn(t);
    const at = freeTime();
    const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, at));
    expect(made.json().status).toBe('awaiting_payment');
    const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.json().id));
    const cancelled = await client.call('POST', `/api/bookings/${made.json().id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    expect(peer.intent(held?.intentId ?? '').status).toBe('canceled');
    const other = await signedIn(t);
    expect((await other.call('POST', '/api/bookings', bookingBody(swedishId, at))).statusCode).toBe(201);
  });

  it('of a booking awaiting payment whose card went through meanwhile pays it back and stays cancelled', async () => {
    const client = await signedIn(t);
    const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()));
    const id = made.json().id;
    const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, id));
    const intentId = held?.intentId ?? '';
    // Paid at Stripe, its webhook not yet here: Stripe refuses the cancel, the booking is cancelled all the same.
    await peer.succeed(intentId, { deliver: false });
    expect((await client.call('POST', `/api/bookings/${id}/cancel`, {})).json().status).toBe('cancelled');
    const before = await ledgerNet();
    await peer.send(peer.eventOf('payment_intent.succeeded', peer.intent(intentId)));
    const [row] = await t.db.select().from(booking).where(eq(booking.id, id));
    expect(row?.status).toBe('cancelled');
    expect(change(before, await ledgerNet())).toEqual({});
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([2000]);
    await heldAgreesWithLedger();
  });
});

describe('invoicing a booking paid online', () => {
  it('is refused while the deposit is held, and allowed once the appointment made it the sale', async () => {
    const { id } = await paidDeposit();
    const refused = await owner.call('POST', `/api/admin/invoices/from-booking/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('£20.00 deposit paid online is still held');
    expect(await t.db.execute(sql`select 1 from invoice where booking_id = ${id}`)).toMatchObject({ rows: [] });
    const past = new Date(Date.now() - 3 * 86_400_000 - slot * 3_600_000);
    await t.db
      .update(booking)
      .set({
        startsAt: past,
        endsAt: new Date(past.getTime() + 3_600_000),
        occupiedUntil: new Date(past.getTime() + 3_600_000),
      })
      .where(eq(booking.id, id));
    await owner.call('POST', `/api/admin/bookings/${id}/outcome`, { status: 'completed' });
    const draft = await owner.call('POST', `/api/admin/invoices/from-booking/${id}`);
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const before = await ledgerNet();
    const issued = await owner.call('POST', `/api/admin/invoices/${draft.json().id}/issue`, {});
    expect(issued.json()).toMatchObject({ status: 'part_paid', amountPaidPence: 2000 });
    // The sale the deposit became settles part of the invoice: income is not counted twice, the rest is owed.
    const [row] = await t.db.select().from(booking).where(eq(booking.id, id));
    const rest = (row?.pricePence ?? 0) - 2000;
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.receivables]: rest,
      [accountCodes.salesTherapeutic]: -rest,
    });
  });
});
