import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../lib/route-list.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, "fuzzing as a test": every route the server registers, called by every role with generated
// hostile path ids, query strings and bodies, never answers 5xx, and every 4xx is `{ error: { code, message } }`.
// Accepted requests may change this file's own database; the fixtures stay usable because no generated value
// is ever a password or a confirmation that an action needs.

type RoleName = 'anonymous' | 'client' | 'otherClient' | 'lodger' | 'admin';
type Person = Awaited<ReturnType<typeof signedIn>>;
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Generated requests per route and role; ~170 routes × 5 roles × this stays within two minutes on PGlite. */
const RUNS_PER_ROLE = 3;

const t: TestApp = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000000', API_RATE_LIMIT_MAX: '1000000' });
let people: Record<Exclude<RoleName, 'anonymous'>, Person>;
/** Ids of rows that exist, so generated requests also reach past the "not found" check. */
const realIds: string[] = [];
const figures = { tried: 0, refused: 0, accepted: 0, failed: 0 };
const failures: string[] = [];

beforeAll(async () => {
  people = {
    admin: await signedIn(t, { role: 'admin' }),
    lodger: await signedIn(t, { role: 'lodger' }),
    client: await signedIn(t),
    otherClient: await signedIn(t),
  };
  const swedishId = (await serviceOfType(t, 'swedish')).id;
  const made = await people.client.call(
    'POST',
    '/api/bookings',
    bookingBody(swedishId, localIso(nextWeekday(2, 10), '10:00')),
  );
  expect(made.statusCode, made.body).toBe(201);
  realIds.push(made.json().id, swedishId, people.client.id, people.admin.id);
});
afterAll(() => t.close());

// ---- what a hostile or careless caller sends ----

const hostileWords = [
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%ZZ',
  '%FF%FE',
  '-1',
  '0',
  '99999999999999999999999999',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  encodeURIComponent('😀 ünïcødé \u202e'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  'x'.repeat(300),
  '9'.repeat(2000),
];

/** One already-encoded piece of a path or query string. */
const hostileSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileWords) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);
const realId = fc.nat().map((n) => realIds[n % realIds.length] ?? 'x');
const pathValue = fc.oneof({ weight: 5, arbitrary: hostileSegment }, { weight: 2, arbitrary: realId });

const queryKeys = [
  'from',
  'to',
  'q',
  'page',
  'pageSize',
  'limit',
  'status',
  'serviceId',
  'duration',
  'sort',
  'order',
  'cursor',
  'date',
  'day',
  'month',
  'year',
  'download',
  'format',
  'kind',
  'folder',
  'path',
  'tag',
  'policy',
  'type',
  '__proto__',
  'constructor[prototype][admin]',
  '__proto__[admin]',
];
const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 8 }).map(encodeURIComponent)),
      hostileSegment,
    ),
    {
      maxLength: 6,
    },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&'));

const bodyKeys = [
  'startsAt',
  'endsAt',
  'serviceId',
  'durationMinutes',
  'name',
  'email',
  'phone',
  'notes',
  'amountPence',
  'date',
  'from',
  'to',
  'lines',
  'status',
  'policy',
  'tags',
  'reason',
  'ranges',
  'kind',
  'note',
  'role',
  'userId',
  'id',
  'ids',
  'paidAt',
  'issueDate',
  'method',
  'subject',
  'body',
  'idempotencyKey',
  'adultConfirmed',
  'weeklyHours',
  'vatRatePercent',
  'categoryId',
  'supplier',
  'newEmail',
  'callbackURL',
  'token',
  'code',
];
const wrongValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    'x'.repeat(100_000),
  ),
  fc.constantFrom('2026-02-30', '9999-12-31T00:00:00Z', '0000-01-01', 'not a date', 'NaN', '__proto__'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
  realId,
);
const recordBody = fc
  .dictionary(fc.oneof(fc.constantFrom(...bodyKeys), fc.string({ maxLength: 10 })), wrongValue, { maxKeys: 8 })
  .map((value) => JSON.stringify(value));
/** A body as the raw JSON text: prototype-pollution keys and extreme nesting cannot be built as objects. */
const body = fc.oneof(
  { weight: 6, arbitrary: recordBody },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'null',
      '"a string"',
      '12',
      '[]',
      '{"__proto__":{"role":"admin","isAdmin":true}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      `{"name":"${'x'.repeat(500_000)}"}`,
      '{"startsAt":',
      '{}',
    ),
  },
);

// ---- the run ----

const roleNames: RoleName[] = ['anonymous', 'client', 'otherClient', 'lodger', 'admin'];

function cookieOf(role: RoleName) {
  if (role === 'anonymous') return undefined;
  return Object.entries(people[role].agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** Fills each `:param` and the `*` of a route with a generated value. */
function fill(url: string, values: string[]) {
  let n = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => values[n++ % Math.max(values.length, 1)] ?? 'x');
}

/** Routes that would end the fixtures' own sessions whatever the body: not fuzzed with a cookie. */
const SESSION_ENDING = new Set([
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
]);

function errorShapeProblem(url: string, status: number, text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'not an object';
  const record = parsed as { error?: { code?: unknown; message?: unknown } } & Record<string, unknown>;
  const error = record.error;
  if (typeof error !== 'object' || error === null) return 'no error object';
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return 'code or message not a string';
  const extraInError = Object.keys(error).filter((key) => key !== 'code' && key !== 'message' && key !== 'details');
  if (extraInError.length) return `unexpected keys in error: ${extraInError.join(',')}`;
  // better-auth's own client reads `code` and `message` at the top level (auth.routes.ts): only there.
  const allowedTop = url.startsWith('/api/auth/') ? ['error', 'code', 'message'] : ['error'];
  const extraTop = Object.keys(record).filter((key) => !allowedTop.includes(key));
  if (extraTop.length) return `unexpected keys: ${extraTop.join(',')}`;
  if (status === 400 && error.code === 'INTERNAL') return 'internal code on a 4xx';
  return undefined;
}

describe('fuzzing every registered route as every role', () => {
  it('never answers 5xx, and every 4xx is { error: { code, message } }', async () => {
    const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const method = route.method as Method;
      const key = `${method} ${route.url}`;
      const withBody = method !== 'GET' && method !== 'HEAD';
      const params = route.url.match(/:[A-Za-z]+|\*/g)?.length ?? 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...roleNames),
          fc.array(pathValue, { minLength: params, maxLength: params }),
          query,
          withBody ? fc.option(body, { nil: undefined }) : fc.constant(undefined),
          async (role, values, search, payload) => {
            const cookie = SESSION_ENDING.has(key) ? undefined : cookieOf(role);
            const url = `${fill(route.url, values)}${search ? `?${search}` : ''}`;
            const response = await t.app.inject({
              method,
              url,
              headers: {
                origin: 'http://localhost:3000',
                ...(cookie ? { cookie } : {}),
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(payload === undefined ? {} : { payload }),
            });
            figures.tried++;
            const status = response.statusCode;
            if (status >= 500) {
              figures.failed++;
              failures.push(`${status} ${role} ${method} ${url.slice(0, 200)} body=${String(payload).slice(0, 200)}`);
              return;
            }
            if (status < 400) {
              figures.accepted++;
              return;
            }
            figures.refused++;
            if (method === 'HEAD') return;
            const problem = errorShapeProblem(route.url, status, response.body);
            if (problem)
              failures.push(
                `${status} (${problem}) ${role} ${method} ${url.slice(0, 200)}: ${response.body.slice(0, 200)}`,
              );
          },
        ),
        { numRuns: RUNS_PER_ROLE * roleNames.length },
      );
    }
    console.info(
      `fuzz: ${figures.tried} requests tried over ${routes.length} routes, ${figures.refused} refused (4xx), ` +
        `${figures.accepted} accepted, ${figures.failed} 5xx`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('what the fuzzing found', () => {
  it('changing a service with nothing to change answers the service as it is (404 when there is none), not a 500', async () => {
    const swedish = await serviceOfType(t, 'swedish');
    const same = await people.admin.call('PATCH', `/api/admin/services/${swedish.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: swedish.id, name: swedish.name });
    const missing = await people.admin.call('PATCH', '/api/admin/services/fffffffe-0017-1000-8000-0006ffffffed', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such service.' } });
  });

  it('a body nested thousands of levels deep is a 400, not a 500, on better-auth and on our routes', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of ['/api/auth/sign-in/email', '/api/auth/anything', '/api/bookings']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie: cookieOf('client') },
        payload: deep,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: { code: 'VALIDATION', message: 'body: must not be nested more than 32 levels deep' },
      });
    }
  });

  it('an unknown address under /api/auth is a 404 in the error shape (better-auth answered the text null)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/auth/no-such-thing',
        headers: { origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' },
      });
    }
  });
});
