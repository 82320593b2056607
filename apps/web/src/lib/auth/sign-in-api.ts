import {
  type PasswordPolicy,
  passwordPolicySchema,
  type RequestPasswordResetInput,
  type SignInInput,
  type SignUpInput,
} from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { authClient } from '../auth-client.ts';
import { refetchSession } from '../session.ts';
import { unwrap } from './auth-errors.ts';

// Signing in and creating an account: the sign-in and sign-up forms (the booking funnel, the Facebook sign-in page)
// and the owner's first-run setup use these; the account's own settings are in features/auth/api.ts.

/** Where the links in our emails land; AuthQueryNotices reads these queries. */
export const VERIFIED_CALLBACK_URL = '/?verified=true';
export const RESET_PASSWORD_REDIRECT = '/?resetpassword=true';

export const passwordPolicyQuery = queryOptions<PasswordPolicy>({
  queryKey: ['auth', 'password-policy'],
  queryFn: async () => passwordPolicySchema.parse(await apiFetch('/auth/password-policy')),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => unwrap(authClient.signIn.email(input)),
  });
}

/** `callbackURL` is where the verification link lands (the booking page brings the visitor back to their time). */
export function useSignUp(callbackURL = VERIFIED_CALLBACK_URL) {
  return useMutation({
    mutationFn: (input: SignUpInput) => unwrap(authClient.signUp.email({ ...input, callbackURL })),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email }: RequestPasswordResetInput) =>
      unwrap(authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_REDIRECT })),
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK_URL })),
  });
}

// ---- Second factor (better-auth's two-factor plugin) ----

/** What the sign-in answers when the account has a second factor: no session yet, a code is asked for. */
export function needsSecondFactor(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

export type SecondFactorAnswer = { code: string; trustDevice: boolean; kind: 'totp' | 'recovery' };

/** The code step of a sign-in: a code from the authenticator app, or one of the recovery codes. */
export function useVerifySecondFactor() {
  return useMutation({
    mutationFn: ({ code, trustDevice, kind }: SecondFactorAnswer) =>
      unwrap(
        kind === 'totp'
          ? authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, ''), trustDevice })
          : authClient.twoFactor.verifyBackupCode({ code: code.trim(), trustDevice }),
      ),
  });
}

// ---- Passkeys (better-auth's passkey plugin; the browser's WebAuthn does the rest) ----

/** The plugin's client answers `{ data, error }` like the rest of better-auth, with a looser type. */
export type ClientResult<T> =
  | { data: T; error: null }
  | { data: null; error: { code?: string; message?: string; status: number } };

/** Whether this browser can make and use passkeys at all (WebAuthn; only on https or localhost). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Signs in with a passkey alone: it is two factors in one (the device, and the fingerprint, face or PIN that opens it). */
export function useSignInWithPasskey() {
  return useMutation({
    mutationFn: async () => {
      const signedIn = await unwrap(authClient.signIn.passkey() as Promise<ClientResult<unknown>>);
      await refetchSession();
      return signedIn;
    },
  });
}
