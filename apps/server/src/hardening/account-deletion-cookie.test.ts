import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../modules/users/users.service.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';

// Issue 9, defect 6: on https the session cookie is Secure; the Set-Cookie that clears it on account
// deletion must carry the same attributes, or the browser ignores it and keeps the cookie.
const PUBLIC_URL = 'https://booking.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => t.close());

type Cookie = {
  name: string;
  value: string;
  path?: string;
  secure?: boolean;
  sameSite?: string;
  httpOnly?: boolean;
  maxAge?: number;
};

describe('deleting an account on https', () => {
  it('clears the session cookie with the same name, Secure, path and SameSite it was set with', async () => {
    const email = 'secure.delete@example.test';
    await createUser(
      { db: t.db, env: t.context.env },
      { email, password: 'secret1', role: 'user', name: 'Sid Secure' },
    );
    const headers = { origin: PUBLIC_URL, 'x-forwarded-proto': 'https' };
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password: 'secret1' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const set = (signIn.cookies as Cookie[]).find((c) => c.name.endsWith('session_token'));
    expect(set).toMatchObject({ name: '__Secure-better-auth.session_token', secure: true });

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { ...headers, cookie: `${set?.name}=${set?.value}` },
      payload: { password: 'secret1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cleared = (deleted.cookies as Cookie[]).find((c) => c.name === set?.name);
    expect(cleared).toMatchObject({
      value: '',
      maxAge: 0,
      secure: true,
      path: set?.path,
      sameSite: set?.sameSite,
      httpOnly: set?.httpOnly,
    });
  });
});
