import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCounter } from '../../db/schema.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '5', AUTH_RATE_LIMIT_WINDOW_S: '60' });
});
afterAll(() => t.close());

describe('rate limit', () => {
  it('refuses sign-in attempts past the limit with 429, counted in the database', async () => {
    const agent = authAgent(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await agent.post('/api/auth/sign-in/email', {
        email: 'flood@example.test',
        password: 'guess-x',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const counters = await t.db.select().from(requestCounter);
    expect(
      counters.some((row) => row.key.startsWith('auth:') && row.key.includes('/sign-in/email') && row.count >= 5),
    ).toBe(true);
  });
});
