import { defaultPaymentPolicy } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

const url = '/api/admin/payments/policy';

describe('the payment policy the owner sets', () => {
  it('starts with nothing up front, and says online payment is off without Stripe keys', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const response = await owner.call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      policy: defaultPaymentPolicy(),
      onlinePaymentEnabled: false,
      sensualStripeDeposits: [],
    });
  });

  it('is saved by the owner, kept in the audit log, and read back', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const policy = {
      therapeutic: { newClient: { kind: 'deposit_percent', percent: 20 }, returningClient: { kind: 'none' } },
      sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
      freeCancellationHours: 48,
      noShowFee: { therapeutic: { kind: 'fixed', amountPence: 3000 }, sensual: { kind: 'none' } },
    };
    const saved = await owner.call('PUT', url, policy);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await owner.call('GET', url)).json().policy).toEqual(policy);
    const audit = await t.db.execute(sql`select action from audit_log where action = 'payments.policy'`);
    expect((audit as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('refuses a malformed policy with the field named, and a client or a visitor altogether', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const bad = await owner.call('PUT', url, { ...defaultPaymentPolicy(), freeCancellationHours: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('freeCancellationHours');
    const client = await signedIn(t);
    expect((await client.call('GET', url)).statusCode).toBe(403);
    expect((await client.call('PUT', url, defaultPaymentPolicy())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('changes nothing without Stripe keys: a booking the policy would ask money for is booked as before', async () => {
    const owner = await signedIn(t, { role: 'admin' });
    const full = { therapeutic: { newClient: { kind: 'full' }, returningClient: { kind: 'full' } } };
    await owner.call('PUT', url, { ...defaultPaymentPolicy(), ...full });
    const client = await signedIn(t);
    const swedish = await serviceOfType(t, 'swedish');
    const made = await client.call('POST', '/api/bookings', bookingBody(swedish.id, localIso(nextWeekday(3), '11:00')));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'confirmed', payment: null });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(webhook.statusCode).toBe(404);
  });
});
