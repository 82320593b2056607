// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../../test/auth-network.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, resetAfterTest, strictPolicy, stubNetwork } from '../../../test/auth-utils.tsx';
import { AuthQueryNotices } from './auth-query-notices.tsx';

afterEach(resetAfterTest);

const noSession = { '/api/auth/get-session': { status: 200, body: null } };

describe('AuthQueryNotices', () => {
  it('confirms a verified email and removes the query from the address', async () => {
    stubNetwork(noSession);
    renderWithProviders(<AuthQueryNotices />, { url: '/?verified=true&termsandconditions=true' });
    expect(await screen.findByText('Your email is verified.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/\?termsandconditions=true$/));
  });

  it('lets the user choose a new password from a reset link, under the live rules', async () => {
    const calls = stubNetwork({ ...noSession, '/api/auth/reset-password': { status: 200, body: { status: true } } });
    renderWithProviders(<AuthQueryNotices />, { url: '/?resetpassword=true&token=T0K3N', policy: strictPolicy });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' });
    expect(dialog).toBeVisible();
    const field = screen.getByLabelText(/^New password/, { selector: 'input' });
    fireEvent.change(field, { target: { value: 'short' } });
    expect(screen.getByRole('list', { name: 'Password rules' })).toHaveTextContent('At least 8 characters (not met)');
    fireEvent.change(field, { target: { value: 'Longer123' } });
    expect(screen.getByRole('list', { name: 'Password rules' })).toHaveTextContent('At least 8 characters (met)');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password is changed. Sign in with your new password.')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'Longer123',
      token: 'T0K3N',
    });
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains an expired reset token and keeps the modal open for a new attempt', async () => {
    stubNetwork({
      ...noSession,
      '/api/auth/reset-password': { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } },
    });
    renderWithProviders(<AuthQueryNotices />, { url: '/?resetpassword=true&token=old' });
    await screen.findByRole('dialog', { name: 'Choose a new password' });
    fireEvent.change(screen.getByLabelText(/^New password/, { selector: 'input' }), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or has already been used. Please ask for a new one.',
    );
  });

  it('explains a failed social sign-in from the ?error= of the redirect', async () => {
    stubNetwork(noSession);
    renderWithProviders(<AuthQueryNotices />, { url: '/facebook_login?error=access_denied' });
    expect(
      await screen.findByText('Sign-in was cancelled. You can try again, or use your email and password.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/facebook_login$/));
  });
});
