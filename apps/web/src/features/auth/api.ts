import {
  type ChangePasswordInput,
  type DeviceSession,
  deviceSessionsSchema,
  type ResetPasswordInput,
  type UpdateProfileInput,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/auth/auth-errors.ts';
import type { ClientResult } from '../../lib/auth/sign-in-api.ts';
import { authClient } from '../../lib/auth-client.ts';
import { refetchSession } from '../../lib/session.ts';

/** Where the links in our emails land; AuthQueryNotices reads these queries (and those of lib/auth/sign-in-api.ts). */
export const SOCIAL_ERROR_CALLBACK_URL = '/facebook_login';
/** The account page reads `?emailchanged=true`: both links of an email change land there. */
export const EMAIL_CHANGED_CALLBACK_URL = '/account?emailchanged=true';
export const ACCOUNT_CALLBACK_URL = '/account';
/** A plain link: the server answers an attachment, so the browser saves it without our code reading it. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => unwrap(authClient.resetPassword(input)),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => unwrap(authClient.changePassword(input)),
  });
}

/** `phone: null` removes a number; the server stores `phone` as a user field and checks it again. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: UpdateProfileInput & { phone: string | null }) => unwrap(authClient.updateUser(input)),
  });
}

/** A verified address gets a link to confirm the change; the new address gets one to prove it is theirs. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      unwrap(authClient.changeEmail({ newEmail, callbackURL: EMAIL_CHANGED_CALLBACK_URL })),
  });
}

/** The ways the signed-in user can sign in: 'credential' is their password, the others are providers. */
export type LinkedAccount = { id: string; providerId: string };

export const linkedAccountsQuery = queryOptions<LinkedAccount[]>({
  queryKey: ['auth', 'accounts'],
  queryFn: async () =>
    ((await unwrap(authClient.listAccounts())) ?? []).map(({ id, providerId }) => ({ id, providerId })),
});

export function useLinkSocial() {
  return useMutation({
    // Like sign-in, the answer carries the provider's URL and the client's redirect plugin goes there.
    mutationFn: (provider: string) =>
      unwrap(
        authClient.linkSocial({ provider, callbackURL: ACCOUNT_CALLBACK_URL, errorCallbackURL: ACCOUNT_CALLBACK_URL }),
      ),
  });
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: LinkedAccount) => unwrap(authClient.unlinkAccount({ accountId: account.id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQuery.queryKey }),
  });
}

/** The password when the account has one; otherwise the word DELETE typed out. */
export type DeleteAccountInput = { password: string } | { confirm: 'DELETE' };

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiFetch<{ deleted: true }>('/account/delete', { method: 'POST', body: input });
      // The server has already ended the session and cleared the cookie; this only tells the client, and may 401.
      await authClient.signOut().catch(() => undefined);
    },
  });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => unwrap(authClient.signOut()) });
}

/** Google, Facebook and the server's generic OpenID Connect provider ('oidc') all start the same way. */
export function useSocialSignIn() {
  return useMutation({
    // The answer carries the provider's URL, and the client's redirect plugin takes the browser there.
    mutationFn: (provider: string) =>
      unwrap(authClient.signIn.social({ provider, callbackURL: '/', errorCallbackURL: SOCIAL_ERROR_CALLBACK_URL })),
  });
}

// ---- Second factor (better-auth's two-factor plugin) ----

export type TotpEnrolment = { totpURI: string; backupCodes: string[] };

/** Starts enrolment: the secret (as an otpauth URI) and the recovery codes; active once a first code is verified. */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: async (password: string): Promise<TotpEnrolment> => {
      const data = await unwrap(authClient.twoFactor.enable({ password }));
      if (data?.method !== 'totp') throw new Error('The server did not start an authenticator enrolment.');
      return { totpURI: data.totpURI, backupCodes: data.backupCodes };
    },
  });
}

export function useConfirmTotpEnrolment() {
  return useMutation({
    mutationFn: (code: string) => unwrap(authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, '') })),
  });
}

/** New recovery codes replace the old ones (shown once). */
export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await unwrap(authClient.twoFactor.generateBackupCodes({ password })))?.backupCodes ?? [],
  });
}

export function useTurnOffSecondFactor() {
  return useMutation({
    mutationFn: (password: string) => unwrap(authClient.twoFactor.disable({ password })),
  });
}

// ---- Signed-in devices ----

export const deviceSessionsQuery = queryOptions<DeviceSession[]>({
  queryKey: ['auth', 'sessions'],
  // Our own list, not better-auth's: it tells the place each session came from instead of its address.
  queryFn: async () => deviceSessionsSchema.parse(await apiFetch('/account/devices')).devices,
});

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/account/devices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQuery.queryKey }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(authClient.revokeOtherSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQuery.queryKey }),
  });
}

// ---- Passkeys (better-auth's passkey plugin; the browser's WebAuthn does the rest) ----

export type Passkey = { id: string; name: string | null; createdAt: Date | null };

export const passkeysQuery = queryOptions<Passkey[]>({
  queryKey: ['auth', 'passkeys'],
  queryFn: async () =>
    ((await unwrap(authClient.passkey.listUserPasskeys())) ?? []).map((item) => ({
      id: item.id,
      name: item.name ?? null,
      createdAt: item.createdAt ? new Date(item.createdAt) : null,
    })),
});

/** Asks the browser to make a passkey for this account; adding one also gives this session its second factor. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const added = await unwrap(authClient.passkey.addPasskey({ name }) as Promise<ClientResult<unknown>>);
      await refetchSession();
      return added;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(authClient.passkey.deletePasskey({ id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}
