// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../test/auth-network.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, resetAfterTest, strictPolicy, stubNetwork } from '../../test/auth-utils.tsx';
import { SignUpForm } from './sign-up-form.tsx';

afterEach(resetAfterTest);

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

/** The text a screen reader announces: without the decorative icons. */
function spokenText(element: HTMLElement) {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

function rule(name: string) {
  const list = screen.getByRole('list', { name: 'Password rules' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => spokenText(candidate).startsWith(name));
  if (!item) throw new Error(`No rule '${name}'`);
  return item;
}

describe('SignUpForm', () => {
  it("lists the server's password rules and ticks each one off as the password is typed", () => {
    stubNetwork({});
    renderWithProviders(<SignUpForm />, { policy: strictPolicy });
    const rules = within(screen.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem');
    expect(rules.map(spokenText)).toEqual([
      'At least 8 characters (not met)',
      'A lowercase letter (not met)',
      'An uppercase letter (not met)',
      'A number (not met)',
    ]);

    type(/^Password/, 'abc');
    expect(spokenText(rule('A lowercase letter'))).toBe('A lowercase letter (met)');
    expect(spokenText(rule('An uppercase letter'))).toBe('An uppercase letter (not met)');

    type(/^Password/, 'abcDEF12');
    for (const name of ['At least 8 characters', 'A lowercase letter', 'An uppercase letter', 'A number'])
      expect(spokenText(rule(name))).toBe(`${name} (met)`);
  });

  it('refuses a password that breaks the policy without calling the server', async () => {
    const calls = stubNetwork({});
    renderWithProviders(<SignUpForm />, { policy: strictPolicy });
    type(/^Name/, 'Ann');
    type(/^Email/, 'ann@example.test');
    type(/^Password/, 'abcdefgh');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password needs: an uppercase letter.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('tells the user a verification email was sent once the account exists', async () => {
    const calls = stubNetwork({
      '/api/auth/sign-up/email': {
        status: 200,
        body: { token: null, user: { id: 'u2', email: 'ann@example.test', name: 'Ann', emailVerified: false } },
      },
    });
    renderWithProviders(<SignUpForm />, { policy: strictPolicy });
    type(/^Name/, ' Ann ');
    type(/^Email/, 'Ann@Example.test');
    type(/^Password/, 'abcDEF12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a verification email to ann@example.test. Open the link in it to confirm your address, then sign in.',
    );
    expect(calls[0]?.body).toEqual({
      name: 'Ann',
      email: 'ann@example.test',
      password: 'abcDEF12',
      callbackURL: '/?verified=true',
    });
  });

  it('says so when the email already has an account', async () => {
    stubNetwork({
      '/api/auth/sign-up/email': {
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists. Use another email.' },
      },
    });
    renderWithProviders(<SignUpForm />, { policy: strictPolicy });
    type(/^Name/, 'Ann');
    type(/^Email/, 'ann@example.test');
    type(/^Password/, 'abcDEF12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Sign in instead, or reset your password.',
    );
  });

  it('hands over to the page when the server signs the new client in at once', async () => {
    stubNetwork({
      '/api/auth/sign-up/email': {
        status: 200,
        body: { token: 'tok', user: { id: 'u3', email: 'bo@example.test', name: 'Bo', emailVerified: false } },
      },
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignUpForm onSignedIn={onSignedIn} />, { policy: strictPolicy });
    type(/^Name/, 'Bo');
    type(/^Email/, 'bo@example.test');
    type(/^Password/, 'abcDEF12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Your account is ready. We sent a verification email to bo@example.test.'),
    ).toBeVisible();
    expect(onSignedIn).toHaveBeenCalledOnce();
  });
});
