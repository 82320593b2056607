import { eq } from 'drizzle-orm';
import { user } from '../db/schema.ts';
import { createUser } from '../modules/users/users.service.ts';
import { authAgent, type TestApp } from './test-context.ts';

let counter = 0;

/** A signed-in person on the test app, calling the API with their cookies (and the discretion flag if asked). */
export async function signedIn(t: TestApp, options: { role?: 'user' | 'admin' | 'lodger'; sensual?: boolean } = {}) {
  const email = `person${++counter}.${Math.random().toString(36).slice(2, 6)}@example.test`;
  await createUser(t.db, t.context.env, {
    email,
    password: 'secret1',
    role: options.role ?? 'user',
    name: `Person ${counter}`,
  });
  const agent = authAgent(t.app);
  await agent.post('/api/auth/sign-in/email', { email, password: 'secret1' });
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
  return { email, id: row?.id ?? '', call, agent };
}
