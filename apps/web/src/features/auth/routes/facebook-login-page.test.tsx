// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../../test/auth-network.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  configWithProviders,
  renderWithProviders,
  resetAfterTest,
  strictPolicy,
  stubNetwork,
} from '../../../test/auth-utils.tsx';
import { FacebookLoginPage } from './facebook-login-page.tsx';

afterEach(resetAfterTest);

const session = {
  token: 'tok',
  user: { id: 'u1', email: 'ann@example.test', name: 'Ann', emailVerified: true, role: 'user' },
};

describe('FacebookLoginPage', () => {
  it('offers one button per configured provider and starts that provider', async () => {
    const calls = stubNetwork({
      '/api/auth/get-session': { status: 200, body: null },
      '/api/auth/sign-in/social': { status: 200, body: { url: 'about:blank', redirect: false } },
    });
    renderWithProviders(<FacebookLoginPage />, { url: '/facebook_login', config: configWithProviders });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Test ID' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toEqual({
        provider: 'oidc',
        callbackURL: '/',
        errorCallbackURL: '/facebook_login',
      }),
    );
  });

  it('shows no provider buttons when none is configured', () => {
    stubNetwork({ '/api/auth/get-session': { status: 200, body: null } });
    renderWithProviders(<FacebookLoginPage />, {
      url: '/facebook_login',
      config: { ...configWithProviders, socialProviders: [] },
    });
    expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  it('switches to account creation, and goes home after signing in', async () => {
    stubNetwork({
      '/api/auth/get-session': { status: 200, body: null },
      '/api/auth/sign-in/email': { status: 200, body: session },
    });
    renderWithProviders(<FacebookLoginPage />, {
      url: '/facebook_login',
      config: configWithProviders,
      policy: strictPolicy,
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.getByRole('form', { name: 'Create account' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Password rules' })).toBeVisible();

    fireEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: 'ann@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/$/));
  });
});
