import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

describe('the owner edits the catalogue', () => {
  it('changes durations and prices, which the public site then shows', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { services } = (await admin.call('GET', '/api/admin/services')).json();
    const swedish = services.find((s: { type: string }) => s.type === 'swedish');
    const updated = await admin.call('PATCH', `/api/admin/services/${swedish.id}`, {
      durations: [
        { minutes: 90, pricePence: 9900 },
        { minutes: 45, pricePence: 5500 },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().durations).toEqual([
      { minutes: 45, pricePence: 5500 },
      { minutes: 90, pricePence: 9900 },
    ]);
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/services' })).json().services;
    expect(publicList.find((s: { type: string }) => s.type === 'swedish').durations[0]).toEqual({
      minutes: 45,
      pricePence: 5500,
    });
  });

  it('takes a service off the site', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { services } = (await admin.call('GET', '/api/admin/services')).json();
    const both = services.find((s: { type: string }) => s.type === 'both');
    await admin.call('PATCH', `/api/admin/services/${both.id}`, { active: false });
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/services' })).json().services;
    expect(publicList.map((s: { type: string }) => s.type)).not.toContain('both');
  });

  it('refuses bad input and anyone but an admin', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const client = await signedIn(t);
    const { services } = (await admin.call('GET', '/api/admin/services')).json();
    const id = services[0].id;
    expect((await client.call('GET', '/api/admin/services')).statusCode).toBe(403);
    expect((await client.call('PATCH', `/api/admin/services/${id}`, { active: false })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/services/${id}`, payload: { active: false } }))
        .statusCode,
    ).toBe(401);
    const negative = await admin.call('PATCH', `/api/admin/services/${id}`, {
      durations: [{ minutes: 60, pricePence: -5 }],
    });
    expect(negative.statusCode).toBe(400);
    const empty = await admin.call('PATCH', `/api/admin/services/${id}`, { durations: [] });
    expect(empty.json().error.message).toContain('Offer at least one duration');
    const unknown = await admin.call('PATCH', `/api/admin/services/${id}`, { style: 'sensual' });
    expect(unknown.statusCode).toBe(400);
    const malformed = await admin.call('PATCH', '/api/admin/services/not-an-id', { active: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('id');
  });
});
