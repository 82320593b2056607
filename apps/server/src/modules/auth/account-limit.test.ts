import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailure } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { delayAfter, MAX_DELAY_S } from './sign-in-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For here, so each attempt can come from an address of its own.
  t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '5' });
});
afterAll(() => t.close());

let octet = 0;
const freshAddress = () => `203.0.113.${++octet}`;

function signIn(email: string, password: string, ip = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: 'http://localhost:3000', 'x-forwarded-for': ip },
  });
}

describe('per-account sign-in limit', () => {
  it('holds back wrong passwords for one account sent from 30 addresses after five, with a Retry-After', async () => {
    const victim = await signedIn(t, { role: 'user' });
    const statuses: number[] = [];
    let lastRefusal: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await signIn(victim.email.toUpperCase(), `guess-${attempt}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) lastRefusal = response;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(Number(lastRefusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect(lastRefusal?.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many failed sign-ins for this account\. Please wait \d+ seconds, then try again\.$/,
      ),
    });
    // Counted in the database (every instance sees it), by the lower-cased email.
    const [row] = await t.db.select().from(signInFailure).where(eq(signInFailure.email, victim.email));
    expect(row?.failures).toBe(5);
  });

  it('makes each further wait longer, up to a bound', async () => {
    const victim = await signedIn(t, { role: 'user' });
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(victim.email, `guess-${attempt}`);
    const first = await signIn(victim.email, 'guess-6');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('2');
    // Once the wait is over, the next wrong password is answered, and the wait after it is longer.
    const waitOver = () =>
      t.db
        .update(signInFailure)
        .set({ lastFailureAt: sql`now() - interval '1 minute'` })
        .where(eq(signInFailure.email, victim.email));
    await waitOver();
    expect((await signIn(victim.email, 'guess-7')).statusCode).toBe(401);
    expect((await signIn(victim.email, 'guess-8')).headers['retry-after']).toBe('4');
    expect([5, 6, 7, 8, 9, 10, 50].map(delayAfter)).toEqual([2, 4, 8, 16, 32, 60, MAX_DELAY_S]);
  });

  it('does not lock the owner out: their own address still signs in, and a success starts the count again', async () => {
    const owner = await signedIn(t, { role: 'user' });
    const home = freshAddress();
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 8; attempt++) await signIn(owner.email, `attack-${attempt}`);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);
    const fromHome = await signIn(owner.email, owner.password, home);
    expect(fromHome.statusCode).toBe(200);
    expect(await t.db.select().from(signInFailure).where(eq(signInFailure.email, owner.email))).toEqual([]);
  });

  it('keeps the per-address limit as well', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++)
      statuses.push((await signIn(`someone${attempt}@example.test`, 'guess', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
