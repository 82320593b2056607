import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, calendarFeed, invoice, user } from '../db/schema.ts';
import { createUser } from '../modules/users/users.service.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 4: a state-changing request from another site (a foreign Origin or Sec-Fetch-Site), or
// with a body that is not JSON (what a plain HTML form can send), was carried out with the person's cookie.
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

const OWN = 'http://localhost:3000';
type Person = typeof admin;
type Headers = Record<string, string>;

function cookieOf(person: Person) {
  return Object.entries(person.agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** A JSON request from the person's browser, with the headers given (the own Origin unless replaced). */
function send(person: Person, method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: cookieOf(person),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function newCustomer() {
  const email = `erase.${Math.random().toString(36).slice(2, 8)}@example.test`;
  return (
    await createUser({ db: t.db, env: t.context.env }, { email, password: 'secret1', role: 'user', name: 'Erin Erase' })
  ).id as string;
}

let attempt = 0;
/** A different free hour for each attempt, two hours apart so that buffers never touch. */
function nextStart() {
  const n = attempt++;
  return localIso(nextWeekday(3, 3 + 7 * Math.floor(n / 4)), `${10 + 2 * (n % 4)}:00`);
}
/** The four actions of the defect, each with a check that it left no trace. */
const actions = {
  'erasing a customer': async (headers: Headers) => {
    const id = await newCustomer();
    const response = await send(admin, 'POST', `/api/admin/customers/${id}/erase`, {}, headers);
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    return { response, changed: row?.email.startsWith('erase.') !== true };
  },
  'booking an appointment': async (headers: Headers) => {
    const startsAt = nextStart();
    const response = await send(client, 'POST', '/api/bookings', bookingBody(swedishId, startsAt), headers);
    const rows = await t.db
      .select()
      .from(booking)
      .where(eq(booking.startsAt, new Date(startsAt)));
    return { response, changed: rows.length > 0 };
  },
  'creating an invoice': async (headers: Headers) => {
    const billToName = `Foreign ${Math.random().toString(36).slice(2, 8)}`;
    const body = {
      billToName,
      billToEmail: 'accounts@acme.example',
      lines: [{ description: 'Chair massage', quantity: 1, unitPricePence: 5000, vatRatePercent: 0 }],
    };
    const response = await send(admin, 'POST', '/api/admin/invoices', body, headers);
    const rows = await t.db.select().from(invoice).where(eq(invoice.billToName, billToName));
    return { response, changed: rows.length > 0 };
  },
  'creating a calendar feed': async (headers: Headers) => {
    const before = await t.db.select().from(calendarFeed);
    const response = await send(admin, 'POST', '/api/calendar-feeds', undefined, headers);
    const after = await t.db.select().from(calendarFeed);
    return { response, changed: after.length !== before.length };
  },
};

const foreign: [string, Headers][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['a sibling subdomain as Origin', { origin: 'http://shop.localhost:3000' }],
  ['the opaque Origin null', { origin: 'null' }],
  ['Sec-Fetch-Site cross-site and no Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site same-site and no Origin', { origin: '', 'sec-fetch-site': 'same-site' }],
];

function withoutEmpty(headers: Headers): Headers {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
}

describe('a state-changing request from another site is refused and changes nothing', () => {
  for (const [label, act] of Object.entries(actions))
    it.each(foreign)(`${label} with %s`, async (_how, headers) => {
      const { response, changed } = await act(withoutEmpty(headers));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'This request came from another site. Please use the website itself.' },
      });
      expect(changed).toBe(false);
    });

  it('a text/plain body (what a plain form can send) is refused with 415 and changes nothing', async () => {
    for (const [label, act] of Object.entries(actions)) {
      const { response, changed } = await act({ origin: OWN, 'content-type': 'text/plain' });
      expect(response.statusCode, label).toBe(415);
      expect(response.json(), label).toEqual({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send this request as JSON (Content-Type: application/json).',
        },
      });
      expect(changed, label).toBe(false);
    }
  });

  it('a form-encoded or multipart body on a JSON route is refused with 415 and changes nothing', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      for (const [label, act] of Object.entries(actions)) {
        const { response, changed } = await act({ 'content-type': type });
        expect(response.statusCode, `${label} as ${type}`).toBe(415);
        expect(changed, `${label} as ${type}`).toBe(false);
      }
  });
});

describe('the website itself, and tools without a browser, still work', () => {
  it.each([
    ['the own Origin', { origin: OWN }],
    ['the own Origin and Sec-Fetch-Site same-origin', { origin: OWN, 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site none (typed by hand)', { 'sec-fetch-site': 'none' }],
    ['neither header (a command-line tool)', {}],
  ])('each action is carried out with %s', async (_how, headers) => {
    for (const [label, act] of Object.entries(actions)) {
      const { response, changed } = await act(headers);
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
      expect(changed, label).toBe(true);
    }
  });

  it('reading is never refused for its Origin (a link from another site opens the page)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { cookie: cookieOf(client), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('sign-in from another site is refused the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: client.email, password: client.password }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(response.cookies).toEqual([]);
  });
});
