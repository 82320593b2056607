import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAddressOf } from '../modules/payments/stripe-client.ts';
import { parseStripeForm, type StripePeer, startStripePeer } from './stripe-peer.ts';

const secretKey = 'sk_test_peer';
const webhookSecret = 'whsec_peer';
let peer: StripePeer;
let stripe: Stripe;
const received: { payload: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  peer = await startStripePeer({ secretKey, webhookSecret });
  stripe = new Stripe(secretKey, { ...apiAddressOf(peer.url), maxNetworkRetries: 0 });
  peer.deliverTo(async (payload, headers) => {
    received.push({ payload, headers });
    return 200;
  });
});
afterAll(() => peer.close());

describe('the local Stripe peer, through the official SDK', () => {
  it('reads bracketed form fields as Stripe does', () => {
    expect(parseStripeForm('amount=500&metadata[bookingId]=b1&automatic_payment_methods[enabled]=true')).toEqual({
      amount: '500',
      metadata: { bookingId: 'b1' },
      automatic_payment_methods: { enabled: 'true' },
    });
  });

  it('creates a payment intent once per idempotency key and answers it again on a retry', async () => {
    const params = { amount: 2000, currency: 'gbp', metadata: { bookingId: 'b1' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'booking-b1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'booking-b1' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 2000 });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect(peer.intents.size).toBe(1);
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 3000 }, { idempotencyKey: 'booking-b1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('refuses a whole statement descriptor on a card payment, as Stripe does', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'gbp', statement_descriptor: 'SOOTHE' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'statement_descriptor' });
  });

  it('retrieves, cancels and refuses to cancel twice; refunds only what was received', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'gbp' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
    expect((await stripe.paymentIntents.cancel(intent.id)).status).toBe('canceled');
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    const paid = await stripe.paymentIntents.create({ amount: 1500, currency: 'gbp' });
    await expect(stripe.refunds.create({ payment_intent: paid.id })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    await peer.succeed(paid.id);
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 1000 });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 1000 });
    await expect(stripe.refunds.create({ payment_intent: paid.id, amount: 1000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it('signs webhooks with the real scheme: the SDK verifies them with the secret, and refuses a forged one', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'gbp' });
    received.length = 0;
    await peer.succeed(intent.id, { times: 2 });
    await peer.forged(intent.id);
    expect(received).toHaveLength(3);
    const [one, two, forged] = received;
    const event = stripe.webhooks.constructEvent(
      one?.payload ?? '',
      one?.headers['stripe-signature'] ?? '',
      webhookSecret,
    );
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: intent.id } } });
    expect(JSON.parse(two?.payload ?? '{}').id).toBe(event.id);
    expect(() =>
      stripe.webhooks.constructEvent(forged?.payload ?? '', forged?.headers['stripe-signature'] ?? '', webhookSecret),
    ).toThrow(/signature/i);
  });
});
