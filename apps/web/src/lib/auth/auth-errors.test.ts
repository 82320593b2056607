import { describe, expect, it } from 'vitest';
import { AuthFailure, authErrorMessage, unwrap } from './auth-errors.ts';

describe('authErrorMessage', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'Incorrect email or password.'],
    ['USER_ALREADY_EXISTS', 422, 'An account with this email already exists. Sign in instead, or reset your password.'],
    ['BANNED_USER', 403, 'This account has been disabled. Please contact us if you think this is a mistake.'],
    ['TOKEN_EXPIRED', 400, 'This link has expired or has already been used. Please ask for a new one.'],
    ['SESSION_EXPIRED', 403, 'For your security, please sign out and sign in again before making this change.'],
  ])('turns %s into a sentence a client understands', (code, status, message) => {
    expect(authErrorMessage(new AuthFailure(code, status, 'raw'))).toBe(message);
  });

  it('reads the lower-case codes of OAuth and email-link redirects', () => {
    expect(authErrorMessage('email_not_verified')).toMatch(/^Please verify your email address first/);
    expect(authErrorMessage('invalid_token')).toBe(
      'This link has expired or has already been used. Please ask for a new one.',
    );
  });

  it("passes on our server's own validation sentence and hides anything unexpected", () => {
    expect(authErrorMessage(new AuthFailure('VALIDATION', 400, 'Password needs: a number.'))).toBe(
      'Password needs: a number.',
    );
    expect(authErrorMessage(new AuthFailure('SOMETHING', 500, 'stack trace'))).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(authErrorMessage(new Error('x'))).toBe('Something went wrong. Please try again.');
  });
});

describe('unwrap', () => {
  it('turns a 429 without a code and a thrown network error into AuthFailures', async () => {
    await expect(
      unwrap(Promise.resolve({ data: null, error: { status: 429, message: 'Too many' } })),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    await expect(unwrap(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      code: 'NETWORK_FAILURE',
      status: 0,
    });
  });
});
