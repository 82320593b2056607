import { accountCodes, NO_SHOW_CONSENT_VERSION } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, noShowFee, payment } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

// A no-show fee charged to a card saved with the client's consent, never without it (decision 054).

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
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  swedishId = (await serviceOfType(t, 'swedish')).id;
  owner = await signedIn(t, { role: 'admin' });
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: 24,
    noShowFee: { therapeutic: { kind: 'fixed', amountPence: 3000 }, sensual: { kind: 'none' } },
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

let slot = 0;
function freeTime() {
  const n = slot++;
  return localIso(nextWeekday(1 + (n % 5), 4 + 7 * Math.floor(n / 5)), '15:00');
}

/** A client the owner trusts pays nothing up front: the card is saved in a step of its own. */
async function trustedClient() {
  const client = await signedIn(t);
  await owner.call('PUT', `/api/admin/customers/${client.id}/policy`, { policy: 'trusted' });
  return client;
}

async function bookWithConsent(client?: Awaited<ReturnType<typeof signedIn>>) {
  const who = client ?? (await trustedClient());
  const response = await who.call(
    'POST',
    '/api/bookings',
    bookingBody(swedishId, freeTime(), { noShowFeeConsent: true }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const [fee] = await t.db.select().from(noShowFee).where(eq(noShowFee.bookingId, response.json().id));
  return { client: who, booking: response.json(), fee };
}

/** The appointment's time has passed and the client did not come. */
async function markedNoShow(bookingId: string) {
  const past = new Date(Date.now() - 3 * 86_400_000 - slot * 3_600_000);
  await t.db
    .update(booking)
    .set({
      startsAt: past,
      endsAt: new Date(past.getTime() + 3_600_000),
      occupiedUntil: new Date(past.getTime() + 4_500_000),
    })
    .where(eq(booking.id, bookingId));
  const marked = await owner.call('POST', `/api/admin/bookings/${bookingId}/outcome`, { status: 'no_show' });
  expect(marked.statusCode, marked.body).toBe(200);
}

async function ledgerNet(): Promise<Record<string, number>> {
  const result = (await t.db.execute(
    sql`select account_code as code, sum(debit_pence - credit_pence)::text as net from journal_line group by account_code`,
  )) as unknown as { rows: { code: string; net: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.code, Number(r.net)]));
}
function change(before: Record<string, number>, after: Record<string, number>) {
  const codes = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...codes].map((code) => [code, (after[code] ?? 0) - (before[code] ?? 0)]).filter(([, value]) => value !== 0),
  );
}
const paymentsOf = (bookingId: string) => t.db.select().from(payment).where(eq(payment.bookingId, bookingId));

describe('booking under a no-show fee', () => {
  it('is told the fee before booking', async () => {
    const client = await trustedClient();
    const answer = await client.call('GET', `/api/bookings/upfront?serviceId=${swedishId}&duration=60`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ due: { kind: 'none' }, noShowFeePence: 3000 });
  });

  it('is refused without the consent ticked, and no card is saved nor anything made at Stripe', async () => {
    const client = await trustedClient();
    const before = { customers: peer.customers.size, setups: peer.setupIntents.size };
    const at = freeTime();
    const refused = await client.call('POST', '/api/bookings', bookingBody(swedishId, at));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION' });
    expect(refused.json().error.message).toMatch(/noShowFeeConsent: .*agreement to the no-show fee/);
    expect({ customers: peer.customers.size, setups: peer.setupIntents.size }).toEqual(before);
    const mine = await client.call('GET', '/api/bookings');
    expect(mine.json()).toEqual({ upcoming: [], past: [] });
  });

  it('with consent, keeps when and to what the client agreed and asks for the card with an off-session SetupIntent', async () => {
    const { booking: made, fee, client } = await bookWithConsent();
    expect(made.status).toBe('confirmed');
    expect(made.cardSetup).toMatchObject({ feePence: 3000, status: 'awaiting_card' });
    expect(fee).toMatchObject({ amountPence: 3000, consentVersion: NO_SHOW_CONSENT_VERSION, paymentMethodId: null });
    expect(Math.abs((fee?.consentedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const setup = peer.setupIntents.get(fee?.setupIntentId ?? '');
    expect(setup).toMatchObject({
      usage: 'off_session',
      customer: fee?.customerId,
      metadata: { bookingId: made.id, purpose: 'no_show_fee' },
    });
    expect(made.cardSetup.clientSecret).toBe(setup?.client_secret);
    expect(peer.customers.get(fee?.customerId ?? '')?.email).toBe(client.email);
    // Opening the booking again gives the same SetupIntent, not another one.
    const again = await client.call('GET', `/api/bookings/${made.id}`);
    expect(again.json().cardSetup.clientSecret).toBe(setup?.client_secret);
    expect([...peer.setupIntents.values()].filter((s) => s.metadata.bookingId === made.id)).toHaveLength(1);
  });

  it('saves only the payment method id once Stripe says the card is saved (webhook, handled once)', async () => {
    const { booking: made, fee, client } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '');
    await peer.resend(fee?.setupIntentId ?? '', 2);
    const [saved] = await t.db.select().from(noShowFee).where(eq(noShowFee.bookingId, made.id));
    expect(saved).toMatchObject({ status: 'card_saved', paymentMethodId: 'pm_card_visa' });
    // No card detail kept: no last four digits as a value, no field for them. Not a bare /4242/: the row's random ids
    // (the Stripe customer's) may hold those digits.
    expect(JSON.stringify(saved)).not.toMatch(/"4242"|last4|brand|exp_/);
    expect((await client.call('GET', `/api/bookings/${made.id}`)).json().cardSetup).toMatchObject({
      status: 'card_saved',
      clientSecret: null,
    });
    // The same client's next booking reuses their Stripe Customer.
    const next = await bookWithConsent(client);
    expect(next.fee?.customerId).toBe(fee?.customerId);
  });

  it('with a deposit too, asks for both in the same step', async () => {
    const client = await signedIn(t);
    const { booking: made } = await bookWithConsent(client);
    expect(made.status).toBe('awaiting_payment');
    expect(made.payment).toMatchObject({ kind: 'deposit', amountPence: 2000 });
    expect(made.cardSetup).toMatchObject({ feePence: 3000, status: 'awaiting_card' });
    expect(made.cardSetup.clientSecret).toMatch(/^seti_/);
  });
});

describe('charging the no-show fee', () => {
  it('is refused before the booking is marked a no-show', async () => {
    const { booking: made, fee } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '');
    const early = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Mark the booking as a no-show first.');
    expect(await paymentsOf(made.id)).toEqual([]);
  });

  it('is refused when the client saved no card', async () => {
    const { booking: made } = await bookWithConsent();
    await markedNoShow(made.id);
    const sheet = await owner.call('GET', `/api/admin/bookings/${made.id}`);
    expect(sheet.json().noShowFee).toMatchObject({ feePence: 3000, status: 'awaiting_card' });
    const refused = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/did not save a card/);
    expect(peer.requests.filter((r) => r.idempotencyKey === `no-show-fee-${made.id}`)).toEqual([]);
  });

  it('charges the saved card off-session once and posts it, whatever the retries and webhooks', async () => {
    const { booking: made, fee } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '');
    await markedNoShow(made.id);
    const before = await ledgerNet();
    const charged = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().noShowFee).toMatchObject({ status: 'charged', failureMessage: null });
    const again = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    expect(again.statusCode).toBe(200);
    await peer.settled();
    const [row] = await t.db.select().from(noShowFee).where(eq(noShowFee.bookingId, made.id));
    await peer.resend(row?.intentId ?? '', 2);
    const asked = peer.requests.filter((r) => r.idempotencyKey === `no-show-fee-${made.id}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      customer: fee?.customerId,
      payment_method: 'pm_card_visa',
      description: 'Fee for a missed appointment',
      statement_descriptor_suffix: 'SOOTHE LDN',
    });
    expect(peer.intent(row?.intentId ?? '')).toMatchObject({ status: 'succeeded', amount: 3000 });
    expect((await paymentsOf(made.id)).map((p) => [p.kind, p.amountPence, p.method])).toEqual([
      ['payment', 3000, 'card'],
    ]);
    // Not VAT registered: all of it is other income.
    expect(change(before, await ledgerNet())).toEqual({
      [accountCodes.stripeClearing]: 3000,
      [accountCodes.otherIncome]: -3000,
    });
  });

  it('shows a decline with Stripe’s message and records nothing', async () => {
    const { booking: made, fee } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '', 'pm_card_chargeCustomerFail');
    await markedNoShow(made.id);
    const before = await ledgerNet();
    const declined = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    expect(declined.statusCode, declined.body).toBe(200);
    await peer.settled();
    expect(declined.json().noShowFee).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await paymentsOf(made.id)).toEqual([]);
    expect(change(before, await ledgerNet())).toEqual({});
  });

  it('shows that the card needs authentication, which an off-session charge cannot ask', async () => {
    const { booking: made, fee } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '', 'pm_card_authenticationRequired');
    await markedNoShow(made.id);
    const declined = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
    await peer.settled();
    expect(declined.json().noShowFee).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined. This transaction requires authentication.',
    });
    expect(await paymentsOf(made.id)).toEqual([]);
  });

  it('posts output VAT at the sales rate when the business is VAT registered', async () => {
    await owner.call('PUT', '/api/admin/invoices/settings', {
      vatRegistered: true,
      vatNumber: 'GB123456789',
      vatRatePercent: 20,
      invoiceDueDays: 14,
      invoiceFooter: '',
    });
    try {
      const { booking: made, fee } = await bookWithConsent();
      await peer.saveCard(fee?.setupIntentId ?? '');
      await markedNoShow(made.id);
      const before = await ledgerNet();
      const charged = await owner.call('POST', `/api/admin/bookings/${made.id}/no-show-fee`);
      expect(charged.json().noShowFee.status).toBe('charged');
      await peer.settled();
      expect(change(before, await ledgerNet())).toEqual({
        [accountCodes.stripeClearing]: 3000,
        [accountCodes.otherIncome]: -2500,
        [accountCodes.vat]: -500,
      });
    } finally {
      await owner.call('PUT', '/api/admin/invoices/settings', {
        vatRegistered: false,
        vatNumber: '',
        vatRatePercent: 20,
        invoiceDueDays: 14,
        invoiceFooter: '',
      });
    }
  });

  it('records the fee from the webhook alone when the charge’s answer is lost', async () => {
    const { booking: made, fee } = await bookWithConsent();
    await peer.saveCard(fee?.setupIntentId ?? '');
    await markedNoShow(made.id);
    // Stripe took the money but the answer never reached the app: the webhook still records it, once.
    const intent = await t.context.stripe?.sdk.paymentIntents.create({
      amount: 3000,
      currency: 'gbp',
      customer: fee?.customerId ?? '',
      payment_method: 'pm_card_visa',
      off_session: true,
      confirm: true,
      metadata: { bookingId: made.id, purpose: 'no_show_fee' },
    });
    await peer.settled();
    await peer.resend(intent?.id ?? '');
    expect((await paymentsOf(made.id)).map((p) => p.amountPence)).toEqual([3000]);
    const sheet = await owner.call('GET', `/api/admin/bookings/${made.id}`);
    expect(sheet.json().noShowFee.status).toBe('charged');
  });

  it('leaves every journal entry balanced, summed in SQL', async () => {
    const result = (await t.db.execute(
      sql`select entry_id from journal_line group by entry_id having sum(debit_pence) <> sum(credit_pence)`,
    )) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([]);
  });
});
