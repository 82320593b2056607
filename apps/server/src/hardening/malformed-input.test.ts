import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, serviceOfType } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 3: malformed input once gave 500s, to anonymous visitors too. Each answer must be a 400
// in the documented shape, naming the field.
let t: TestApp;
let swedishId: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

function expectRefused(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code: 'VALIDATION', message: expect.any(String) } });
  expect(body.error.message).toContain(field);
}

const badDates = ['2026-02-29', '0000-01-01', '9999-12-31', 'x', '2026-13-01'];

describe('a malformed date is a 400 naming it, never a 500', () => {
  it.each(badDates)('free times and the availability calendar refuse %s', async (day) => {
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/slots?serviceId=${swedishId}&duration=60&from=${day}&to=${day}`,
    });
    expectRefused(slots, 'from');
    expectRefused(await admin.call('GET', `/api/availability/calendar?from=${day}&to=${day}`), 'from');
  });

  it.each(badDates)('finances and analytics refuse from=%s', async (day) => {
    for (const report of ['profit-and-loss', 'vat', 'cash'])
      expectRefused(await admin.call('GET', `/api/admin/finances/${report}?from=${day}&to=${day}`), 'from');
    for (const chart of [
      'bookings-over-time',
      'by-service',
      'occupancy',
      'outcomes',
      'clients',
      'lead-time',
      'heatmap',
    ])
      expectRefused(await admin.call('GET', `/api/admin/analytics/${chart}?from=${day}&to=${day}`), 'from');
  });

  it.each(badDates)('the accountant’s exports refuse from=%s', async (day) => {
    for (const kind of ['journal', 'sales', 'expenses'])
      expectRefused(
        await admin.call('GET', `/api/admin/exports/csv?from=${day}&to=${day}&product=xero&kind=${kind}`),
        'from',
      );
    expectRefused(await admin.call('GET', `/api/admin/exports/year-end-pack?from=${day}&to=${day}`), 'from');
  });

  it('a booking in year 9999, or on 30 February, is refused and nothing is booked', async () => {
    for (const startsAt of ['9999-06-01T10:00:00.000Z', '2027-02-30T10:00:00.000Z']) {
      expectRefused(await client.call('POST', '/api/bookings', bookingBody(swedishId, startsAt)), 'startsAt');
    }
    expect((await client.call('GET', '/api/bookings')).json().upcoming ?? []).toEqual([]);
  });
});

describe('a NUL character or a malformed id is a 400, never a 500', () => {
  it.each(['customers', 'bookings', 'invoices', 'emails', 'expenses'])(
    'the owner’s %s list refuses ?q=%%00',
    async (list) => {
      expectRefused(await admin.call('GET', `/api/admin/${list}?q=%00`), 'q');
    },
  );

  it.each([
    '/api/admin/customers/%00',
    '/api/admin/bookings/%00',
    '/api/admin/invoices/%00',
    '/api/admin/expenses/not-an-id',
    '/api/bookings/%00',
  ])('%s answers 400 naming the id', async (url) => {
    const caller = url.startsWith('/api/bookings') ? client : admin;
    const response = await caller.call('GET', url);
    expectRefused(response, url.includes('customers') ? 'uid' : 'id');
  });

  it('the file manager answers a malformed id with its storage code', async () => {
    const response = await admin.call('GET', '/api/files/1e99');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'storage/invalid-url', message: 'id: Not a valid id' });
  });

  it('a NUL inside a JSON body names its field', async () => {
    const response = await client.call(
      'POST',
      '/api/bookings',
      bookingBody(swedishId, '2030-01-01T10:00:00Z', { notes: 'a\u0000b' }),
    );
    expectRefused(response, 'notes');
  });
});

describe('Fastify’s own refusals use the same shape', () => {
  it('an over-long path parameter is a 414', async () => {
    const response = await admin.call('GET', `/api/admin/customers/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'TOO_LONG', message: expect.any(String) } });
  });

  it('a body over the limit is a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ notes: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'TOO_LARGE', message: expect.any(String) } });
  });

  it('an unknown content type is a 415, broken JSON a 400', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/xml', origin: 'http://localhost:3000' },
      payload: '<booking/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) } });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"serviceId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'VALIDATION', message: 'The request body is not valid JSON.' } });
  });
});
