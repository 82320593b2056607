import { eq } from 'drizzle-orm';
import { user } from '../db/schema.ts';
import { createUser } from '../modules/users/users.service.ts';
import { authAgent, type TestApp } from './test-context.ts';
import { unusedTotpCode } from './totp.ts';

type Agent = ReturnType<typeof authAgent>;

/**
 * Enrols an authenticator app for the signed-in agent through the real API (as the enrolment screen does) and
 * returns its URI and recovery codes; the agent's session then carries the second factor.
 */
export async function enrolTotp(agent: Agent, password: string) {
  const enabled = await agent.post('/api/auth/two-factor/enable', { password });
  if (enabled.statusCode !== 200) throw new Error(`two-factor/enable answered ${enabled.statusCode}: ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await agent.post('/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(totpURI) });
  if (verified.statusCode !== 200) throw new Error(`verify-totp answered ${verified.statusCode}: ${verified.body}`);
  return { totpURI, backupCodes };
}

/** Signs in with a password, answering the code step with an authenticator code not used before when asked. */
export async function signInWithSecondFactor(agent: Agent, email: string, password: string, totpURI?: string) {
  const first = await agent.post('/api/auth/sign-in/email', { email, password });
  if (!totpURI || first.statusCode !== 200 || !first.json().twoFactorRedirect) return first;
  return agent.post('/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(totpURI) });
}

let counter = 0;

/**
 * A signed-in person on the test app, calling the API with their cookies (and the discretion flag if asked).
 * An admin enrols an authenticator app first (required for the back office) unless `secondFactor: false`;
 * `totpURI` is then theirs, to sign in again.
 */
export async function signedIn(
  t: TestApp,
  options: { role?: 'user' | 'admin' | 'lodger'; sensual?: boolean; secondFactor?: boolean } = {},
) {
  const email = `person${++counter}.${Math.random().toString(36).slice(2, 6)}@example.test`;
  await createUser(
    { db: t.db, env: t.context.env },
    {
      email,
      password: 'secret1',
      role: options.role ?? 'user',
      name: `Person ${counter}`,
    },
  );
  const agent = authAgent(t.app);
  await agent.post('/api/auth/sign-in/email', { email, password: 'secret1' });
  const wantsFactor = options.secondFactor ?? options.role === 'admin';
  const enrolment = wantsFactor ? await enrolTotp(agent, 'secret1') : undefined;
  const cookie = () =>
    [
      ...Object.entries(agent.cookies).map(([k, v]) => `${k}=${v}`),
      ...(options.sensual ? ['showSensual=true'] : []),
    ].join('; ');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { cookie: cookie(), origin: 'http://localhost:3000' },
    });
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  return {
    email,
    password: 'secret1',
    id: row?.id ?? '',
    call,
    agent,
    totpURI: enrolment?.totpURI,
    backupCodes: enrolment?.backupCodes,
  };
}
