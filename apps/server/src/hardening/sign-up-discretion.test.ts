import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema.ts';
import { createUser } from '../modules/users/users.service.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 8: sign-up told whether an address was registered ("already exists", or a session for a
// new one). With verification required, both answers are alike and the address's owner learns the rest by email.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true', AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => t.close());

function signUp(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'Another-pass1', name: 'Nora New' }),
  });
}

const sentTo = (email: string) =>
  t.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.recipient, email));

describe('sign-up does not tell whether an address is registered', () => {
  it('answers a new and a registered address alike, without a session, and emails each what applies', async () => {
    const known = `known.${Date.now()}@example.test`;
    await createUser(
      { db: t.db, env: t.context.env },
      { email: known, password: 'secret1', role: 'user', name: 'Kim Known' },
    );
    const fresh = `fresh.${Date.now()}@example.test`;

    const forKnown = await signUp(known);
    const forFresh = await signUp(fresh);

    expect(forKnown.statusCode).toBe(200);
    expect(forFresh.statusCode).toBe(200);
    expect(forKnown.body).toBe(forFresh.body);
    expect(forKnown.json()).toEqual({ token: null, user: null, emailSent: true });
    expect(forKnown.headers['set-cookie']).toBeUndefined();
    expect(forFresh.headers['set-cookie']).toBeUndefined();

    expect(await sentTo(fresh)).toEqual([{ kind: 'auth.verify-email' }]);
    expect(await sentTo(known)).toEqual([{ kind: 'auth.existing-account' }]);
  });
});
