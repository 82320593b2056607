import { Modal } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useCurrentUser } from '../../../lib/auth-client.ts';
import { notifications } from '../../../lib/notifications.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** Queries the email links and the OAuth redirects land with; each is removed once acted on. */
const ownQueries = ['resetpassword', 'token', 'verified', 'error', 'error_description'];

/**
 * Acts on the queries of auth redirects, on any page: a password reset link opens the 'Choose a new password'
 * modal, a verification link confirms itself, and a failed OAuth or email link explains what went wrong.
 * Mounted by the shell inside the router.
 */
export function AuthQueryNotices() {
  const location = useLocation();
  const navigate = useNavigate();
  const { refetch } = useCurrentUser();
  const query = new URLSearchParams(location.search);
  const resetToken = query.get('resetpassword') === 'true' ? query.get('token') : null;
  const verified = query.get('verified') === 'true';
  const error = query.get('error');

  const cleanUrl = () => {
    const rest = new URLSearchParams(location.search);
    for (const name of ownQueries) rest.delete(name);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  };

  // Acts once per landing query: cleanUrl and refetch are fresh closures over the same location.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-running on every location change would repeat nothing useful
  useEffect(() => {
    if (error) {
      notifications.show({
        id: `auth-error-${error}`,
        color: 'red',
        title:
          query.get('resetpassword') === 'true' ? 'This password reset link does not work' : 'Something went wrong',
        message: authErrorMessage(error),
      });
      cleanUrl();
    } else if (verified && !resetToken) {
      notifications.show({ id: 'auth-verified', color: 'teal', message: 'Your email is verified.' });
      // The session (when verifying signed the user in) now carries emailVerified: true.
      refetch();
      cleanUrl();
    }
  }, [error, verified, resetToken]);

  return (
    <Modal opened={resetToken !== null && !error} onClose={cleanUrl} title="Choose a new password" centered>
      {resetToken && (
        <ResetPasswordForm
          token={resetToken}
          onReset={() => {
            notifications.show({
              color: 'teal',
              message: 'Your password is changed. Sign in with your new password.',
            });
            cleanUrl();
          }}
        />
      )}
    </Modal>
  );
}
