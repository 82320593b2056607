// The waitlist with the outside services on: a claim is an ordinary online booking (decision 084), so when the owner's
// payment policy asks a deposit the claimed booking waits for it like any other; and an offer is texted to a verified
// number, never naming the treatment. Against the local Stripe and Twilio peers, on both databases.
import { defaultPaymentPolicy } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPreference, emailOutbox, onlinePayment, textOutbox, waitlistOffer } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { startTwilioPeer, TEST_TWILIO, type TwilioPeer } from '../../test/twilio-peer.ts';
import { offerFreedTimes } from './waitlist-offers.ts';

let peer: StripePeer;
let twilio: TwilioPeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  twilio = await startTwilioPeer(TEST_TWILIO);
  t = await createTestApp({
    AUTH_RATE_LIMIT_MAX: '100000',
    API_RATE_LIMIT_MAX: '100000',
    ...peer.env(),
    ...twilio.env(),
  });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  owner = await signedIn(t, { role: 'admin' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
  await twilio.close();
});

describe('claiming a waitlist offer under a deposit policy', () => {
  it('leaves the claimed booking awaiting its deposit, as the funnel would, and confirms nothing yet', async () => {
    const none = { kind: 'none' } as const;
    const policy = await owner.call('PUT', '/api/admin/payments/policy', {
      ...defaultPaymentPolicy(),
      therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: none },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const date = nextWeekday(2, 12);
    const made = await owner.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: localIso(date, '14:00'),
      customer: { name: 'Booked Before', email: `deposit.${Date.now()}@example.test`, phone: '+44 7700 900123' },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const client = await signedIn(t);
    const joined = await client.call('POST', '/api/waitlist', {
      serviceId: swedishId,
      durationMinutes: 60,
      fromDate: date,
      toDate: addDays(date, 1),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await owner.call('POST', `/api/admin/bookings/${made.json().booking.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    const [offer] = await t.db.select().from(waitlistOffer).where(eq(waitlistOffer.entryId, joined.json().id));
    expect(offer).toBeDefined();

    const claimed = await client.call('POST', `/api/waitlist/offers/${offer?.id}/claim`, {
      idempotencyKey: crypto.randomUUID(),
      phone: '+44 7700 900555',
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().status).toBe('awaiting_payment');
    expect(claimed.json().payment).toMatchObject({ kind: 'deposit', amountPence: 2000 });
    const held = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, claimed.json().id));
    expect(held).toHaveLength(1);
    const confirmed = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.confirmed')));
    expect(confirmed).toHaveLength(0);
  });
});

describe('offers by text', () => {
  it('texts the offer to a client with a verified number, with the link and without the treatment', async () => {
    const date = nextWeekday(4, 13);
    const made = await owner.call('POST', '/api/admin/bookings', {
      serviceId: swedishId,
      durationMinutes: 60,
      startsAt: localIso(date, '16:00'),
      customer: { name: 'Booked Before', email: `texts.${Date.now()}@example.test`, phone: '+44 7700 900123' },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const verified = await signedIn(t);
    const unverified = await signedIn(t);
    await t.db
      .insert(contactPreference)
      .values({ userId: verified.id, channel: 'both', phone: '+447700900777', phoneVerifiedAt: new Date() });
    for (const client of [verified, unverified]) {
      const joined = await client.call('POST', '/api/waitlist', {
        serviceId: swedishId,
        durationMinutes: 60,
        fromDate: date,
        toDate: date,
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }
    await owner.call('POST', `/api/admin/bookings/${made.json().booking.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    const texts = await t.db.select().from(textOutbox).where(eq(textOutbox.kind, 'waitlist.offer'));
    expect(texts.map((text) => text.recipient)).toEqual(['+447700900777']);
    expect(texts[0]?.body).toContain('/waitlist/offers/');
    expect(texts[0]?.body).not.toContain('Swedish');
  });
});
