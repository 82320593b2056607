import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailure } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { totpCode, unusedTotpCode } from '../../test/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

const database = process.env.TEST_DB ?? 'pglite';

/** A six-digit code the account's authenticator shows for none of the steps the server takes (before, now, next). */
function wrongCode(totpURI: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => totpCode(totpURI, Date.now() + offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** `count` sign-in challenges for the account: each agent has given the right password and waits at the code step. */
async function challenges(email: string, password: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const agent = authAgent(t.app);
      const first = await agent.post('/api/auth/sign-in/email', { email, password });
      expect(first.json().twoFactorRedirect).toBe(true);
      return agent;
    }),
  );
}

function tally(statuses: number[]) {
  return { evaluated: statuses.filter((s) => s === 401).length, locked: statuses.filter((s) => s === 429).length };
}

describe('the second-factor limit under codes sent at once', () => {
  it('evaluates ten of thirty wrong authenticator codes sent together on thirty challenges, then locks', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const agents = await challenges(admin.email, admin.password, 30);
    const wrong = wrongCode(admin.totpURI ?? '');
    const answers = await Promise.all(
      agents.map((agent) => agent.post('/api/auth/two-factor/verify-totp', { code: wrong })),
    );
    const { evaluated, locked } = tally(answers.map((answer) => answer.statusCode));
    console.log(`second factor, 30 codes at once (${database}): ${evaluated} evaluated`);
    expect({ evaluated, locked }).toEqual({ evaluated: 10, locked: 20 });
    const refusal = answers.find((answer) => answer.statusCode === 429);
    expect(refusal?.json().error.code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);

    // Locked: even the right code on a new challenge is not checked.
    const [late] = await challenges(admin.email, admin.password, 1);
    const right = await late?.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpURI ?? ''),
    });
    expect(right?.statusCode).toBe(429);
    expect((await late?.get('/api/auth/get-session'))?.json()).toBeNull();
  });

  it('counts recovery codes and authenticator codes in one budget', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const agents = await challenges(admin.email, admin.password, 16);
    const wrong = wrongCode(admin.totpURI ?? '');
    const answers = await Promise.all(
      agents.map((agent, n) =>
        n % 2 === 0
          ? agent.post('/api/auth/two-factor/verify-totp', { code: wrong })
          : agent.post('/api/auth/two-factor/verify-backup-code', { code: `wrong-${n}-code` }),
      ),
    );
    const { evaluated, locked } = tally(answers.map((answer) => answer.statusCode));
    console.log(`second factor, 16 mixed codes at once (${database}): ${evaluated} evaluated`);
    expect({ evaluated, locked }).toEqual({ evaluated: 10, locked: 6 });
  });

  it('starts the count again after the right code', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const [first] = await challenges(admin.email, admin.password, 1);
    const wrong = wrongCode(admin.totpURI ?? '');
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await first?.post('/api/auth/two-factor/verify-totp', { code: wrong }))?.statusCode).toBe(401);
    const account = and(eq(authFailure.scope, 'second-factor'), eq(authFailure.subject, admin.id));
    expect((await t.db.select().from(authFailure).where(account))[0]?.failures).toBe(3);
    const right = await first?.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpURI ?? ''),
    });
    expect(right?.statusCode).toBe(200);
    expect(await t.db.select().from(authFailure).where(account)).toEqual([]);
  });
});

describe('an authenticator code', () => {
  it('is accepted once: the same code on a second sign-in within its step is refused', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const code = await unusedTotpCode(admin.totpURI ?? '');
    const [first, second] = await challenges(admin.email, admin.password, 2);
    expect((await first?.post('/api/auth/two-factor/verify-totp', { code }))?.statusCode).toBe(200);
    const replay = await second?.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay?.statusCode).toBe(401);
    expect(replay?.json().error).toEqual({
      code: 'INVALID_CODE',
      message: 'This code has been used already. Please wait for the next code in your authenticator app.',
    });
    expect((await second?.get('/api/auth/get-session'))?.json()).toBeNull();
    // A code of a later step still signs in.
    const next = await second?.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpURI ?? ''),
    });
    expect(next?.statusCode).toBe(200);
  });

  it('is accepted once when sent on two challenges at the same moment', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const code = await unusedTotpCode(admin.totpURI ?? '');
    const agents = await challenges(admin.email, admin.password, 2);
    const answers = await Promise.all(agents.map((agent) => agent.post('/api/auth/two-factor/verify-totp', { code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('of an earlier step than one already accepted is refused', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const now = Math.floor(Date.now() / 30_000);
    const [first, second] = await challenges(admin.email, admin.password, 2);
    const later = totpCode(admin.totpURI ?? '', (now + 1) * 30_000);
    const earlier = totpCode(admin.totpURI ?? '', now * 30_000);
    expect((await first?.post('/api/auth/two-factor/verify-totp', { code: later }))?.statusCode).toBe(200);
    expect((await second?.post('/api/auth/two-factor/verify-totp', { code: earlier }))?.statusCode).toBe(401);
  });
});
