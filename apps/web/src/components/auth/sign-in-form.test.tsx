// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../test/auth-network.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, resetAfterTest, stubNetwork } from '../../test/auth-utils.tsx';
import { SignInForm } from './sign-in-form.tsx';

afterEach(resetAfterTest);

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const session = {
  token: 'tok',
  user: { id: 'u1', email: 'ann@example.test', name: 'Ann', emailVerified: true, role: 'user' },
};

describe('SignInForm', () => {
  it('signs in with the typed email and password and tells the page', async () => {
    const calls = stubNetwork({ '/api/auth/sign-in/email': { status: 200, body: session } });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    fillAndSubmit(' ann@example.test ', 'Password1!');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'ann@example.test',
      password: 'Password1!',
    });
  });

  it.each([
    [
      { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } },
      'Incorrect email or password.',
    ],
    [
      { status: 429, body: { message: 'Too many requests. Please try again later.' } },
      'Too many attempts. Please wait a minute, then try again.',
    ],
    [
      { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } },
      /Please verify your email address first/,
    ],
    [{ status: 403, body: { code: 'BANNED_USER', message: 'You have been banned' } }, /This account has been disabled/],
    [new TypeError('Failed to fetch'), 'We could not reach the server. Check your internet connection and try again.'],
  ] as const)('explains a failed sign-in in plain words (%#)', async (answer, message) => {
    stubNetwork({ '/api/auth/sign-in/email': answer });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    fillAndSubmit('ann@example.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks the fields before calling the server', async () => {
    const calls = stubNetwork({});
    renderWithProviders(<SignInForm />);
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('sends a reset link on "Forgot password?" without saying whether the account exists', async () => {
    const calls = stubNetwork({ '/api/auth/request-password-reset': { status: 200, body: { status: true } } });
    renderWithProviders(<SignInForm />);
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), {
      target: { value: 'nobody@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for nobody@example.test, we have sent it a link to choose a new password.',
    );
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.test', redirectTo: '/?resetpassword=true' });
  });

  it('asks for the email first when "Forgot password?" is pressed on an empty form', async () => {
    const calls = stubNetwork({});
    renderWithProviders(<SignInForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(/Enter your email address first/)).toBeVisible();
    expect(calls).toHaveLength(0);
  });
});
