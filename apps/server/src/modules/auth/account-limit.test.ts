import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailure } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { signInBudget, signInDelayAfter } from './sign-in-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For here, so each attempt can come from an address of its own.
  t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '5' });
});
afterAll(() => t.close());

const signInRow = (email: string) => and(eq(authFailure.scope, 'sign-in'), eq(authFailure.subject, email));

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
    const [row] = await t.db.select().from(authFailure).where(signInRow(victim.email));
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
      t.db.update(authFailure).set({ lastFailureAt: sql`now() - interval '1 minute'` }).where(signInRow(victim.email));
    await waitOver();
    expect((await signIn(victim.email, 'guess-7')).statusCode).toBe(401);
    expect((await signIn(victim.email, 'guess-8')).headers['retry-after']).toBe('4');
    expect([5, 6, 7, 8, 9, 10, 50].map(signInDelayAfter)).toEqual([2, 4, 8, 16, 32, 60, signInBudget.maxDelayS]);
  });

  it('does not lock the owner out: their own address still signs in, and a success starts the count again', async () => {
    const owner = await signedIn(t, { role: 'user' });
    const home = freshAddress();
    expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 8; attempt++) await signIn(owner.email, `attack-${attempt}`);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);
    const fromHome = await signIn(owner.email, owner.password, home);
    expect(fromHome.statusCode).toBe(200);
    expect(await t.db.select().from(authFailure).where(signInRow(owner.email))).toEqual([]);
  });

  it('keeps the per-address limit as well', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++)
      statuses.push((await signIn(`someone${attempt}@example.test`, 'guess', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('per-account sign-in limit under guesses sent at once', () => {
  /** Sends the guesses together, each from its own address; answers how many were evaluated (401) and refused (429). */
  async function guessTogether(email: string, count: number) {
    const answers = await Promise.all(Array.from({ length: count }, (_, n) => signIn(email, `together-${n}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    return { evaluated: statuses.filter((s) => s === 401).length, refused: statuses.filter((s) => s === 429).length };
  }

  it('evaluates five of ten wrong passwords sent at once to a fresh account', async () => {
    const victim = await signedIn(t, { role: 'user' });
    const { evaluated, refused } = await guessTogether(victim.email, 10);
    console.log(`sign-in, 10 at once on a fresh account (${process.env.TEST_DB ?? 'pglite'}): ${evaluated} evaluated`);
    expect({ evaluated, refused }).toEqual({ evaluated: 5, refused: 5 });
  });

  it('evaluates one of twenty wrong passwords sent at once after five failures and the wait', async () => {
    const victim = await signedIn(t, { role: 'user' });
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await signIn(victim.email, `one-${attempt}`)).statusCode).toBe(401);
    await t.db
      .update(authFailure)
      .set({ lastFailureAt: sql`now() - interval '1 minute'` })
      .where(signInRow(victim.email));
    const { evaluated, refused } = await guessTogether(victim.email, 20);
    console.log(`sign-in, 20 at once after the wait (${process.env.TEST_DB ?? 'pglite'}): ${evaluated} evaluated`);
    expect({ evaluated, refused }).toEqual({ evaluated: 1, refused: 19 });
  });

  it('gives the attempt back when the password was never checked, and clears the count on success', async () => {
    const client = await signedIn(t, { role: 'user' });
    for (let attempt = 1; attempt <= 4; attempt++) await signIn(client.email, `near-${attempt}`);
    // A request better-auth refuses before checking the password (its body is not a sign-in) costs no attempt.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: client.email, password: 42 },
      headers: { origin: 'http://localhost:3000', 'x-forwarded-for': freshAddress() },
    });
    expect(malformed.statusCode).toBe(400);
    const [row] = await t.db.select().from(authFailure).where(signInRow(client.email));
    expect(row?.failures).toBe(4);
    expect((await signIn(client.email, client.password)).statusCode).toBe(200);
    expect(await t.db.select().from(authFailure).where(signInRow(client.email))).toEqual([]);
  });
});
