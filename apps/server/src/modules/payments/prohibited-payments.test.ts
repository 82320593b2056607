// Stripe prohibits adult services and names sexual massage among them (decision 065): the server never asks Stripe to
// take or save a card for a sensual treatment, whatever the policy row says, and money Stripe took for a gift voucher
// is never spent on one. Runs on PGlite and PostgreSQL against a local Stripe peer.
import { defaultPaymentPolicy, SENSUAL_CARD_REFUSAL, STRIPE_RESTRICTED_BUSINESSES_URL } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, noShowFee, onlinePayment, paymentPolicy, voucher } from '../../db/schema.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { ONLINE_VOUCHER_REFUSAL } from '../vouchers/spend-vouchers.ts';
import { assertStripeAllows, paymentIntentOf } from './online-payments.ts';

let peer: StripePeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
let sensualId: string;
const url = '/api/admin/payments/policy';
const none = { kind: 'none' } as const;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000', ...peer.env() });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  owner = await signedIn(t, { role: 'admin' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  sensualId = (await serviceOfType(t, 'sensual')).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

let slot = 0;
/** A weekday time of this file's own, a few weeks ahead. */
function freeTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 10 + 7 * Math.floor(n / 20)), `${10 + 2 * (Math.floor(n / 5) % 4)}:00`);
}

/** A policy as an older version stored it, card payments asked of sensual bookings included. */
async function storeLegacyPolicy() {
  const { freeCancellationHours, ...rules } = {
    ...defaultPaymentPolicy(),
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: none },
    sensual: { newClient: { kind: 'full' }, returningClient: { kind: 'full' } },
    noShowFee: { therapeutic: none, sensual: { kind: 'percent', percent: 50 } },
  } as const;
  await t.db
    .insert(paymentPolicy)
    .values({ id: 1, rules, freeCancellationHours })
    .onConflictDoUpdate({ target: paymentPolicy.id, set: { rules, freeCancellationHours } });
}

describe('the payment policy refuses card payments for sensual massages', () => {
  it.each([
    ['a deposit', { sensual: { newClient: { kind: 'deposit_percent', percent: 30 }, returningClient: none } }],
    ['the full price', { sensual: { newClient: none, returningClient: { kind: 'full' } } }],
    ['a no-show fee', { noShowFee: { therapeutic: none, sensual: { kind: 'fixed', amountPence: 3000 } } }],
  ])('refuses %s by card for the sensual style, naming why, and changes nothing', async (_, asked) => {
    const before = (await owner.call('GET', url)).json().policy;
    const refused = await owner.call('PUT', url, { ...defaultPaymentPolicy(), ...asked });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(SENSUAL_CARD_REFUSAL);
    expect((await owner.call('GET', url)).json().policy).toEqual(before);
  });

  it('saves the therapeutic rules alongside a sensual style asking nothing', async () => {
    const policy = {
      ...defaultPaymentPolicy(),
      therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: none },
      noShowFee: { therapeutic: { kind: 'fixed', amountPence: 3000 }, sensual: none },
    };
    const saved = await owner.call('PUT', url, policy);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().policy).toEqual(policy);
  });

  it('points the owner to Stripe’s own list of restricted businesses', () => {
    expect(STRIPE_RESTRICTED_BUSINESSES_URL).toBe('https://stripe.com/legal/restricted-businesses');
  });
});

describe('a sensual booking never reaches Stripe', () => {
  it('asks no card payment and saves no card under a policy stored before the refusal', async () => {
    await storeLegacyPolicy();
    const client = await signedIn(t, { sensual: true });
    const made = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, freeTime(), { adultConfirmed: true }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending', payment: null, cardSetup: null });
    expect(await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.json().id))).toEqual([]);
    expect(await t.db.select().from(noShowFee).where(eq(noShowFee.bookingId, made.json().id))).toEqual([]);
    // The same stored policy still takes a therapeutic deposit.
    const other = await signedIn(t);
    const therapeutic = await other.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()));
    expect(therapeutic.json()).toMatchObject({ status: 'awaiting_payment', payment: { amountPence: 2000 } });
  });

  it('refuses to start a payment intent, save a card or charge a no-show fee for a sensual booking', async () => {
    const client = await signedIn(t, { sensual: true });
    const row = await insertBooking(t, { type: 'sensual', status: 'no_show', startsAt: new Date(), client });
    expect(() => assertStripeAllows(row)).toThrow(SENSUAL_CARD_REFUSAL);
    const stripe = t.context.stripe;
    if (!stripe) throw new Error('the peer should configure Stripe');
    const held = {
      id: '00000000-0000-4000-8000-000000000000',
      intentId: null,
      amountPence: 5000,
      currency: 'GBP',
      purpose: 'deposit',
    } as never;
    await expect(paymentIntentOf({ db: t.db, stripe }, { row, held })).rejects.toThrow(SENSUAL_CARD_REFUSAL);
    await t.db.insert(noShowFee).values({
      bookingId: row.id,
      amountPence: 3000,
      currency: 'GBP',
      consentedAt: new Date(),
      consentVersion: 'no-show-fee-v1',
      status: 'card_saved',
      customerId: 'cus_legacy',
      paymentMethodId: 'pm_legacy',
    });
    const charged = await owner.call('POST', `/api/admin/bookings/${row.id}/no-show-fee`, {});
    expect(charged.statusCode).toBe(409);
    expect(charged.json().error.message).toBe(SENSUAL_CARD_REFUSAL);
  });

  it('lists, on the payment screen, a sensual booking that already took a Stripe deposit, left as it was', async () => {
    const saved = await owner.call('PUT', url, {
      ...defaultPaymentPolicy(),
      therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: none },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const client = await signedIn(t);
    const made = (await client.call('POST', '/api/bookings', bookingBody(swedishId, freeTime()))).json();
    const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.id));
    await peer.succeed(held?.intentId ?? '');
    // A booking paid before this version: its style is sensual.
    await t.db.update(booking).set({ style: 'sensual' }).where(eq(booking.id, made.id));
    const listed = (await owner.call('GET', url)).json().sensualStripeDeposits;
    expect(listed).toContainEqual({
      bookingId: made.id,
      startsAt: made.startsAt,
      clientName: 'Sam Client',
      amountPence: 2000,
      settlement: 'held',
    });
  });
});

describe('gift vouchers and sensual treatments', () => {
  async function onlineVoucher(kind: 'amount' | 'treatment', serviceId?: string) {
    const buyer = await signedIn(t, { sensual: true });
    const order = kind === 'amount' ? { kind, amountPence: 5000 } : { kind, serviceId, durationMinutes: 60 };
    return buyer.call('POST', '/api/vouchers', { ...order, recipientName: '', recipientEmail: '', message: '' });
  }

  it('refuses to sell a sensual treatment voucher online', async () => {
    const refused = await onlineVoucher('treatment', sensualId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SENSUAL_CARD_REFUSAL);
  });

  it('refuses a voucher bought online on a sensual booking, and takes one sold in person', async () => {
    await owner.call('PUT', url, defaultPaymentPolicy());
    const bought = await onlineVoucher('amount');
    expect(bought.statusCode, bought.body).toBe(201);
    const [row] = await t.db.select().from(voucher).where(eq(voucher.id, bought.json().voucher.id));
    await peer.succeed(row?.intentId ?? '');
    const [issued] = await t.db.select().from(voucher).where(eq(voucher.id, bought.json().voucher.id));
    expect(issued?.status).toBe('active');
    const client = await signedIn(t, { sensual: true });
    const at = freeTime();
    const refused = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, at, { adultConfirmed: true, voucherCode: issued?.code }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ONLINE_VOUCHER_REFUSAL);
    expect(await t.db.select().from(booking).where(eq(booking.clientId, client.id))).toEqual([]);
    // The same voucher pays for a therapeutic treatment.
    const therapeutic = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, freeTime(), { voucherCode: issued?.code }),
    );
    expect(therapeutic.statusCode, therapeutic.body).toBe(201);

    const sold = await owner.call('POST', '/api/admin/vouchers', {
      kind: 'amount',
      amountPence: 5000,
      method: 'cash',
      buyerName: 'Bea Buyer',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const paid = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(sensualId, at, { adultConfirmed: true, voucherCode: sold.json().code }),
    );
    expect(paid.statusCode, paid.body).toBe(201);
  });
});

describe('invoices of a sensual treatment', () => {
  it('describe it neutrally by default, and the owner may still word the line', async () => {
    const client = await signedIn(t, { sensual: true });
    const row = await insertBooking(t, {
      type: 'sensual',
      status: 'completed',
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      client,
    });
    const created = await owner.call('POST', `/api/admin/invoices/from-booking/${row.id}`);
    expect(created.statusCode, created.body).toBe(201);
    const line = created.json().lines[0];
    expect(line.description).toMatch(/^60-minute massage on \d{1,2} \w+ \d{4}$/);
    expect(line.description).not.toContain(row.serviceName);
    // Issued and then cancelled, the credit note carries the same neutral line.
    const other = await insertBooking(t, {
      type: 'sensual',
      status: 'completed',
      startsAt: new Date(Date.now() - 4 * 86_400_000),
      client,
    });
    const draft = (await owner.call('POST', `/api/admin/invoices/from-booking/${other.id}`)).json();
    const issued = await owner.call('POST', `/api/admin/invoices/${draft.id}/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const credit = await owner.call('POST', `/api/admin/invoices/${draft.id}/credit-note`, { reason: 'Wrong client' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().lines[0].description).toMatch(/^60-minute massage on /);
    const worded = await owner.call('PATCH', `/api/admin/invoices/${created.json().id}`, {
      lines: [
        {
          description: 'Private massage treatment',
          quantity: 1,
          unitPricePence: line.unitPricePence,
          vatRatePercent: 0,
        },
      ],
    });
    expect(worded.statusCode, worded.body).toBe(200);
    expect(worded.json().lines[0].description).toBe('Private massage treatment');
  });
});
