/**
 * A failed better-auth call, normalised: better-auth answers `{ error: { code, message, status } }`,
 * a rate-limited request carries only status 429, and a network failure throws instead of answering.
 */
export class AuthFailure extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = 'AuthFailure';
    this.code = code;
    this.status = status;
  }
}

export const NETWORK_FAILURE = 'NETWORK_FAILURE';
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';

type BetterAuthResult<T> =
  | { data: T; error: null }
  | { data: null; error: { code?: string; message?: string; status: number } };

/** Awaits a better-auth client call and returns its data, or throws an AuthFailure. */
export async function unwrap<T>(call: Promise<BetterAuthResult<T>>): Promise<T> {
  let result: BetterAuthResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new AuthFailure(NETWORK_FAILURE, 0, cause instanceof Error ? cause.message : String(cause));
  }
  if (result.error) {
    const { status, message = '' } = result.error;
    const code = status === 429 ? TOO_MANY_REQUESTS : (result.error.code ?? `HTTP_${status}`);
    throw new AuthFailure(code, status, message);
  }
  return result.data;
}

const INCORRECT_CREDENTIALS = 'Incorrect email or password.';
const EXPIRED_LINK = 'This link has expired or has already been used. Please ask for a new one.';
const SIGN_IN_AGAIN = 'For your security, please sign out and sign in again before making this change.';
const SOCIAL_FAILED = 'Signing in with that provider did not work. Please try again, or use your email and password.';

/**
 * What the user is told for each code (spec section 8). Codes from the OAuth and email-link redirects
 * arrive in lower case in the `?error=` query, so keys are upper case and lookups are normalised.
 */
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: INCORRECT_CREDENTIALS,
  INVALID_CREDENTIAL: INCORRECT_CREDENTIALS,
  WRONG_PASSWORD: INCORRECT_CREDENTIALS,
  USER_NOT_FOUND: INCORRECT_CREDENTIALS,
  INVALID_PASSWORD: 'That password is not correct.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead, or reset your password.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead, or reset your password.',
  EMAIL_ALREADY_IN_USE: 'An account with this email already exists. Sign in instead, or reset your password.',
  [TOO_MANY_REQUESTS]: 'Too many attempts. Please wait a minute, then try again.',
  [NETWORK_FAILURE]: 'We could not reach the server. Check your internet connection and try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address first: open the link in the email we sent you, then sign in.',
  BANNED_USER: 'This account has been disabled. Please contact us if you think this is a mistake.',
  USER_DISABLED: 'This account has been disabled. Please contact us if you think this is a mistake.',
  PASSWORD_TOO_SHORT: 'This password is too short.',
  PASSWORD_TOO_LONG: 'This password is too long.',
  INVALID_EMAIL: 'Enter a valid email address.',
  INVALID_TOKEN: EXPIRED_LINK,
  TOKEN_EXPIRED: EXPIRED_LINK,
  EXPIRED_ACTION_CODE: EXPIRED_LINK,
  SESSION_EXPIRED: SIGN_IN_AGAIN,
  SESSION_NOT_FRESH: SIGN_IN_AGAIN,
  REQUIRES_RECENT_LOGIN: SIGN_IN_AGAIN,
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Your account has no password: you sign in with Google, Facebook or another provider.',
  ACCESS_DENIED: 'Sign-in was cancelled. You can try again, or use your email and password.',
  EMAIL_NOT_FOUND: 'That provider did not share your email address, so we cannot sign you in with it.',
  EMAIL_DOES_NOT_MATCH: 'That provider account uses a different email address.',
  ACCOUNT_NOT_LINKED: 'An account with this email already exists. Sign in with your email and password instead.',
  UNABLE_TO_LINK_ACCOUNT: 'An account with this email already exists. Sign in with your email and password instead.',
  ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER: 'That provider account is already linked to another user.',
  SIGNUP_DISABLED: 'New accounts cannot be created this way at the moment.',
  STATE_MISMATCH: SOCIAL_FAILED,
  PLEASE_RESTART_THE_PROCESS: SOCIAL_FAILED,
  INVALID_CODE: SOCIAL_FAILED,
  NO_CODE: SOCIAL_FAILED,
  UNABLE_TO_GET_USER_INFO: SOCIAL_FAILED,
  OAUTH_PROVIDER_NOT_FOUND: SOCIAL_FAILED,
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side. Please try again in a moment.',
};

const FALLBACK = 'Something went wrong. Please try again.';

const PASSKEY_CANCELLED = 'The passkey was not used (cancelled, or no passkey on this device). You can try again.';

/** The code step of a sign-in and the enrolment screen share codes with OAuth (INVALID_CODE), so they read these first. */
const secondFactorMessages: Record<string, string> = {
  INVALID_CODE: 'That code is not right. Check the time on your phone, then enter the newest code.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it has already been used.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again with your password.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Please sign in again with your password.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Please wait 15 minutes, then try again.',
  TOTP_ALREADY_ENABLED: 'An authenticator app is already set up for this account.',
  INVALID_PASSWORD: 'That password is not correct.',
  AUTH_CANCELLED: PASSKEY_CANCELLED,
  ERROR_CEREMONY_ABORTED: PASSKEY_CANCELLED,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This device already holds a passkey for your account.',
  PASSKEY_NOT_FOUND: 'That passkey is not known here: it may have been removed. Sign in with your password instead.',
  AUTHENTICATION_FAILED: 'The passkey could not be checked. Please try again, or sign in with your password.',
  FAILED_TO_VERIFY_REGISTRATION: 'The passkey could not be added. Please try again.',
  CHALLENGE_NOT_FOUND: 'This took too long. Please try again.',
  PASSKEY_SIGN_IN_REQUIRED:
    'Your account already has a passkey: sign out, then choose "Sign in with a passkey" to use it.',
  SECOND_FACTOR_REQUIRED:
    'An admin account must keep its second factor: add an authenticator app or another passkey first.',
};

export function secondFactorErrorMessage(error: unknown): string {
  if (error instanceof AuthFailure) {
    const known = secondFactorMessages[error.code.toUpperCase()];
    if (known) return known;
  }
  return authErrorMessage(error);
}

export function messageForCode(code: string): string | undefined {
  return messages[code.toUpperCase()];
}

/** The human message for a failed auth call or a `?error=` code. */
export function authErrorMessage(error: unknown): string {
  if (typeof error === 'string') return messageForCode(error) ?? FALLBACK;
  if (error instanceof AuthFailure) {
    const known = messageForCode(error.code);
    if (known) return known;
    if (error.status >= 500) return messages.INTERNAL_SERVER_ERROR ?? FALLBACK;
    // Validation answers from our server carry a sentence meant for people (e.g. the password policy).
    if (error.status === 400 || error.status === 422) return error.message || FALLBACK;
    return FALLBACK;
  }
  return FALLBACK;
}
