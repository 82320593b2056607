// A client spends a gift voucher in the booking funnel (decision 057). The voucher pays first, as much as the price
// takes; the payment policy asks online only of what is left; what it paid goes back onto it when the booking is
// released or cancelled by the business or inside the free window. Runs on PGlite and PostgreSQL against a local
// Stripe peer.
import type { Voucher } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucher, voucherRedemption } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { releaseExpiredHolds } from '../payments/stripe-webhook.service.ts';
import { expireVouchers } from './expire-vouchers.ts';

let peer: StripePeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
let pricePence: number;
const FREE_DAYS = 20;

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
  pricePence = swedish.durations.find((d) => d.minutes === 60)?.pricePence ?? 0;
  expect(pricePence).toBeGreaterThan(3000);
  // New clients pay a £20 deposit for a therapeutic booking; cancelling is free until 20 days before.
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
/** A weekday time of this file's own, more than 20 days ahead (inside the free cancellation window). */
function farTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 28 + 7 * Math.floor(n / 20)), `${10 + 2 * (Math.floor(n / 5) % 4)}:00`);
}
let nearSlot = 0;
/** A weekday time less than 20 days ahead (after the free window; the client may still cancel online). */
function nearTime() {
  const n = nearSlot++;
  return localIso(nextWeekday(1 + (n % 5), 3), `${11 + 2 * (Math.floor(n / 5) % 3)}:00`);
}

async function sell(amountPence: number): Promise<Voucher & { code: string }> {
  const made = await owner.call('POST', '/api/admin/vouchers', {
    kind: 'amount',
    amountPence,
    method: 'cash',
    buyerName: 'Bea Buyer',
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

async function voucherRow(code: string) {
  const [row] = await t.db
    .select()
    .from(voucher)
    .where(eq(voucher.code, code.replaceAll('-', '')));
  if (!row) throw new Error('voucher missing');
  return row;
}

/** Debits minus credits of one account, summed over every journal line in SQL. */
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

/** The client books a Swedish hour of this file's own, spending the code. */
const bookWith = (client: Awaited<ReturnType<typeof signedIn>>, code: string, at = farTime()) =>
  client.call('POST', '/api/bookings', bookingBody(swedishId, at, { voucherCode: code }));

const check = (client: Awaited<ReturnType<typeof signedIn>>, code: string) =>
  client.call('GET', `/api/vouchers/check?code=${encodeURIComponent(code)}&serviceId=${swedishId}&duration=60`);

describe('what a code would pay, asked on the confirm step', () => {
  it('answers the voucher’s part, what is left and the deposit asked of it, and changes nothing', async () => {
    const small = await sell(1500);
    const client = await signedIn(t);
    const answer = await check(client, small.code.toLowerCase().replaceAll('-', ' '));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      usablePence: 1500,
      balancePence: 1500,
      expiresOn: small.expiresOn,
      leftToPayPence: pricePence - 1500,
      due: { kind: 'deposit', amountPence: Math.min(2000, pricePence - 1500) },
    });
    // A voucher worth more than the price pays it all: nothing is asked online.
    const big = await sell(pricePence + 1000);
    expect((await check(client, big.code)).json()).toMatchObject({
      usablePence: pricePence,
      balancePence: pricePence + 1000,
      leftToPayPence: 0,
      due: { kind: 'none' },
    });
    expect((await voucherRow(small.code)).balancePence).toBe(1500);
  });

  it('refuses an unknown, malformed, expired or spent code with the sentence the client reads', async () => {
    const client = await signedIn(t);
    const unknown = await check(client, 'ABCD-EFGH-JKMN-PQRS');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No voucher has this code. Check it letter by letter.');
    const malformed = await check(client, 'ABC');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('A voucher code has 16 letters and digits');

    const old = await sell(1000);
    await t.db
      .update(voucher)
      .set({ expiresOn: '2020-03-01' })
      .where(eq(voucher.code, old.code.replaceAll('-', '')));
    const expired = await check(client, old.code);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toMatchObject({
      code: 'VOUCHER_EXPIRED',
      message: 'This voucher expired on 1 March 2020.',
    });

    const used = await sell(pricePence);
    const paid = await bookWith(client, used.code);
    expect(paid.statusCode, paid.body).toBe(201);
    const spent = await check(client, used.code);
    expect(spent.statusCode).toBe(409);
    expect(spent.json().error).toMatchObject({
      code: 'VOUCHER_SPENT',
      message: 'This voucher has been spent: nothing is left on it.',
    });
    // Only a signed-in client asks.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/vouchers/check?code=${used.code}&serviceId=${swedishId}&duration=60`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a booking paid with a voucher', () => {
  it('that covers the price is confirmed at once, nothing asked online, and the voucher’s sale becomes a sale', async () => {
    const sold = await sell(pricePence + 500);
    const client = await signedIn(t);
    const [outstanding, sales] = [await net('2310'), await net('4000')];
    const made = await bookWith(client, sold.code);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'confirmed', payment: null, voucherPaidPence: pricePence });
    expect((await voucherRow(sold.code)).balancePence).toBe(500);
    // Dr 2310 the price / Cr 4000 therapeutic sales (the business is not VAT registered here).
    expect((await net('2310')) - outstanding).toBe(pricePence);
    expect((await net('4000')) - sales).toBe(-pricePence);
    const sheet = await owner.call('GET', `/api/admin/bookings/${made.json().id}`);
    expect(sheet.json().booking).toMatchObject({ paidPence: pricePence, voucherPaidPence: pricePence });
    expect(await unbalancedEntries()).toBe(0);
  });

  it('that covers part asks the deposit of what is left, and gives the voucher back when the hold runs out', async () => {
    const sold = await sell(pricePence - 1000);
    const client = await signedIn(t);
    const outstanding = await net('2310');
    const made = await bookWith(client, sold.code);
    expect(made.statusCode, made.body).toBe(201);
    // £10 is left to pay: the £20 deposit is capped at it.
    expect(made.json()).toMatchObject({ status: 'awaiting_payment', voucherPaidPence: pricePence - 1000 });
    expect(made.json().payment).toMatchObject({ kind: 'deposit', amountPence: 1000 });
    expect((await voucherRow(sold.code)).balancePence).toBe(0);

    expect(await releaseExpiredHolds({ ...t.context, now: () => Date.now() + 11 * 60_000 })).toBeGreaterThanOrEqual(1);
    const after = await client.call('GET', `/api/bookings/${made.json().id}`);
    expect(after.json()).toMatchObject({ status: 'cancelled', voucherPaidPence: 0 });
    expect((await voucherRow(sold.code)).balancePence).toBe(pricePence - 1000);
    const [redemption] = await t.db
      .select()
      .from(voucherRedemption)
      .where(eq(voucherRedemption.bookingId, made.json().id));
    expect(redemption?.returnedAt).toBeInstanceOf(Date);
    expect(await net('2310')).toBe(outstanding);
    expect(await unbalancedEntries()).toBe(0);
  });

  it('is given back when the client cancels inside the free window, and kept after it', async () => {
    const client = await signedIn(t);
    const early = await sell(1500);
    const far = await bookWith(client, early.code);
    expect(far.statusCode, far.body).toBe(201);
    // What is left asks the deposit: paid, so the booking stands.
    expect(far.json().payment).toMatchObject({ kind: 'deposit', amountPence: 2000 });
    await peer.succeed(await intentIdOf(far.json().id));
    const before = await client.call('GET', `/api/bookings/${far.json().id}`);
    expect(before.json().cancellationVoucher).toEqual({
      amountPence: 1500,
      outcome: 'returned',
      freeCancellationHours: 24 * FREE_DAYS,
    });
    const cancelled = await client.call('POST', `/api/bookings/${far.json().id}/cancel`, { reason: '' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().cancellationVoucher).toMatchObject({ outcome: 'returned', amountPence: 1500 });
    expect((await voucherRow(early.code)).balancePence).toBe(1500);

    const late = await sell(1500);
    const near = await bookWith(client, late.code, nearTime());
    expect(near.statusCode, near.body).toBe(201);
    await peer.succeed(await intentIdOf(near.json().id));
    const kept = await client.call('POST', `/api/bookings/${near.json().id}/cancel`, { reason: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().cancellationVoucher).toEqual({
      amountPence: 1500,
      outcome: 'kept',
      freeCancellationHours: 24 * FREE_DAYS,
    });
    expect((await voucherRow(late.code)).balancePence).toBe(0);
    expect(await unbalancedEntries()).toBe(0);
  });

  it('cancelled by the owner goes back onto the voucher when the owner pays back, and stays spent when not', async () => {
    const back = await sell(pricePence);
    const stays = await sell(pricePence);
    const client = await signedIn(t);
    const one = await bookWith(client, back.code);
    const two = await bookWith(client, stays.code);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    const outstanding = await net('2310');
    const refunded = await owner.call('POST', `/api/admin/bookings/${one.json().id}/cancel`, {
      reason: 'Therapist ill',
      notifyClient: false,
      refund: true,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ voucherReturnedPence: pricePence, booking: { voucherPaidPence: 0 } });
    expect((await voucherRow(back.code)).balancePence).toBe(pricePence);
    expect((await net('2310')) - outstanding).toBe(-pricePence);

    const kept = await owner.call('POST', `/api/admin/bookings/${two.json().id}/cancel`, {
      reason: '',
      notifyClient: false,
      refund: false,
    });
    expect(kept.json()).toMatchObject({ voucherReturnedPence: 0, booking: { voucherPaidPence: pricePence } });
    expect((await voucherRow(stays.code)).balancePence).toBe(0);
    // The given-back voucher can be spent again.
    const again = await bookWith(client, back.code);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().voucherPaidPence).toBe(pricePence);
  });

  it('given back after the voucher expired releases what came back to other income at once', async () => {
    const sold = await sell(pricePence);
    const client = await signedIn(t);
    const made = await bookWith(client, sold.code);
    expect(made.statusCode, made.body).toBe(201);
    await t.db
      .update(voucher)
      .set({ expiresOn: '2020-01-01' })
      .where(eq(voucher.code, sold.code.replaceAll('-', '')));
    await expireVouchers(t.context);
    const [outstanding, other] = [await net('2310'), await net('4090')];
    const cancelled = await owner.call('POST', `/api/admin/bookings/${made.json().id}/cancel`, {
      reason: '',
      notifyClient: false,
      refund: true,
    });
    expect(cancelled.json().voucherReturnedPence).toBe(pricePence);
    const row = await voucherRow(sold.code);
    expect(row).toMatchObject({ status: 'expired', balancePence: 0, expiredPence: pricePence });
    expect(await net('2310')).toBe(outstanding);
    expect((await net('4090')) - other).toBe(-pricePence);
    expect(await unbalancedEntries()).toBe(0);
  });

  it('refuses a code with nothing left, and books nothing', async () => {
    const sold = await sell(pricePence);
    const client = await signedIn(t);
    const first = await bookWith(client, sold.code);
    expect(first.statusCode, first.body).toBe(201);
    const at = farTime();
    const second = await bookWith(client, sold.code, at);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This voucher has been spent: nothing is left on it.');
    const mine = await client.call('GET', '/api/bookings');
    expect(mine.json().upcoming.map((b: { startsAt: string }) => b.startsAt)).not.toContain(at);
  });
});

describe('a card payment that succeeds after the hold gave the voucher back', () => {
  const later = () => ({ ...t.context, now: () => Date.now() + 11 * 60_000 });
  async function releasedWithVoucher() {
    const sold = await sell(pricePence - 1000);
    const client = await signedIn(t);
    const made = await bookWith(client, sold.code);
    expect(made.statusCode, made.body).toBe(201);
    const intentId = await intentIdOf(made.json().id);
    await releaseExpiredHolds(later());
    expect((await voucherRow(sold.code)).balancePence).toBe(pricePence - 1000);
    // The client's card went through just before the intent was cancelled.
    Object.assign(peer.intent(intentId), { status: 'requires_payment_method' });
    return { sold, client, id: made.json().id as string, intentId };
  }

  it('books it again and spends the voucher again when both are still free', async () => {
    const { sold, client, id, intentId } = await releasedWithVoucher();
    expect((await peer.succeed(intentId)).statuses).toEqual([200]);
    const after = await client.call('GET', `/api/bookings/${id}`);
    expect(after.json()).toMatchObject({ status: 'confirmed', voucherPaidPence: pricePence - 1000 });
    expect((await voucherRow(sold.code)).balancePence).toBe(0);
    expect(await unbalancedEntries()).toBe(0);
  });

  it('pays the card back and leaves the booking cancelled when the voucher was spent elsewhere meanwhile', async () => {
    const { sold, client, id, intentId } = await releasedWithVoucher();
    const elsewhere = await signedIn(t);
    const spent = await bookWith(elsewhere, sold.code);
    expect(spent.statusCode, spent.body).toBe(201);
    expect((await peer.succeed(intentId)).statuses).toEqual([200]);
    expect((await client.call('GET', `/api/bookings/${id}`)).json()).toMatchObject({
      status: 'cancelled',
      voucherPaidPence: 0,
    });
    expect([...peer.refunds.values()].filter((r) => r.payment_intent === intentId)).toMatchObject([
      { amount: 1000, status: 'succeeded' },
    ]);
    expect((await voucherRow(sold.code)).balancePence).toBe(0);
  });
});

describe('two bookings spending one voucher at the same moment', () => {
  it('take no more than its balance: one is paid by it, the other refused', async () => {
    const sold = await sell(pricePence);
    const [a, b] = [await signedIn(t), await signedIn(t)];
    const answers = await Promise.all([bookWith(a, sold.code), bookWith(b, sold.code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toBe('VOUCHER_SPENT');
    const row = await voucherRow(sold.code);
    expect(row.balancePence).toBe(0);
    const spent = await t.db.select().from(voucherRedemption).where(eq(voucherRedemption.voucherId, row.id));
    expect(spent.map((r) => r.amountPence)).toEqual([pricePence]);
  });
});

async function intentIdOf(bookingId: string): Promise<string> {
  const result = (await t.db.execute(
    sql`select intent_id from online_payment where booking_id = ${bookingId}`,
  )) as unknown as { rows: { intent_id: string }[] };
  return result.rows[0]?.intent_id ?? '';
}
