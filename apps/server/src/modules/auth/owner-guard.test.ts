import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

// The owner guard is given to the owner's routes and to the prefix's not-found answer (issue 27): a caller who is not
// the owner is refused before the body is read, on a route that exists and on one that does not alike, so the answers
// tell nothing of which owner paths exist or what they expect.
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

const brokenJson = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"amount": ' });
const codeOf = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;

describe('the owner guard', () => {
  it.each(['/api/admin/expenses', '/api/admin/no-such-page'])(
    'refuses a visitor at %s before reading the body: 401, not the broken JSON’s 400',
    async (url) => {
      const response = await brokenJson(url);
      expect(response.statusCode).toBe(401);
      expect(codeOf(response)).toBe('UNAUTHENTICATED');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('answers an unknown owner path 401 to a visitor, 403 to a client and 404 only to the owner', async () => {
    const url = '/api/admin/no-such-page';
    const visitor = await t.app.inject({ method: 'GET', url });
    expect([visitor.statusCode, codeOf(visitor)]).toEqual([401, 'UNAUTHENTICATED']);
    const asClient = await client.call('GET', url);
    expect([asClient.statusCode, codeOf(asClient)]).toEqual([403, 'FORBIDDEN']);
    const asOwner = await admin.call('GET', url);
    expect([asOwner.statusCode, codeOf(asOwner)]).toEqual([404, 'NOT_FOUND']);
  });

  it('leaves other paths alone: the public API, /api/admin itself and an unknown API path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
    for (const url of ['/api/admin', '/api/administration', '/api/no-such-thing']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([response.statusCode, codeOf(response)], url).toEqual([404, 'NOT_FOUND']);
    }
  });
});
