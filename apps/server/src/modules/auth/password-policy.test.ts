import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PASSWORD_MIN_LENGTH: '10',
    PASSWORD_MAX_LENGTH: '20',
    PASSWORD_REQUIRE_UPPERCASE: 'true',
    PASSWORD_REQUIRE_NUMERIC: 'true',
    PASSWORD_REQUIRE_NON_ALPHANUMERIC: 'true',
    PASSWORD_REQUIRE_LOWERCASE: 'true',
  });
});
afterAll(() => t.close());

describe('a stricter password policy from the environment', () => {
  it('is served to the forms', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(response.json()).toEqual({
      minLength: 10,
      maxLength: 20,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    });
  });

  it.each([
    ['Short1!', 'at least 10 characters'],
    ['alllowercase1!', 'an uppercase letter'],
    ['NoDigitsHere!', 'a number'],
    ['NoSymbols123', 'a symbol'],
    ['ALLUPPERCASE1!', 'a lowercase letter'],
    ['Waytoolongpassword123!', 'at most 20 characters'],
  ])('refuses %s at sign-up because it lacks %s', async (password, rule) => {
    const response = await authAgent(t.app).post('/api/auth/sign-up/email', {
      email: `p${Math.random()}@example.test`,
      password,
      name: 'P',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(rule);
  });

  it('accepts a password meeting every rule, and enforces the rules on a change too', async () => {
    const agent = authAgent(t.app);
    const ok = await agent.post('/api/auth/sign-up/email', {
      email: 'strict@example.test',
      password: 'Good-Pass-1',
      name: 'S',
    });
    expect(ok.statusCode).toBe(200);
    const weak = await agent.post('/api/auth/change-password', {
      currentPassword: 'Good-Pass-1',
      newPassword: 'weakpassword',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('PASSWORD_POLICY');
  });
});
