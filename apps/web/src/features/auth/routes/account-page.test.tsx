// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import '../../../test/auth-network.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchSession } from '../../../lib/session.ts';
import {
  configWithProviders,
  type FetchCall,
  renderWithProviders,
  resetAfterTest,
  strictPolicy,
  stubNetwork,
} from '../../../test/auth-utils.tsx';
import { AccountPage } from './account-page.tsx';

afterEach(resetAfterTest);

const now = new Date().toISOString();
const ann = {
  id: 'u1',
  email: 'ann@example.test',
  name: 'Ann Client',
  emailVerified: false,
  phone: null as string | null,
  role: 'user',
  createdAt: now,
  updatedAt: now,
};

function sessionOf(user: Partial<typeof ann> = {}) {
  return {
    status: 200,
    body: {
      session: { id: 's1', userId: 'u1', token: 't', expiresAt: now, createdAt: now, updatedAt: now },
      user: { ...ann, ...user },
    },
  };
}

function linked(...providerIds: string[]) {
  return {
    status: 200,
    body: providerIds.map((providerId, index) => ({
      id: `a${index + 1}`,
      providerId,
      accountId: `${providerId}-id`,
      userId: 'u1',
      scopes: [],
      createdAt: now,
      updatedAt: now,
    })),
  };
}

type Answers = Parameters<typeof stubNetwork>[0];

/**
 * The session store lives for the whole file (as it does for the app), so each test reads its own user again
 * before rendering.
 */
async function renderAccount(answers: Answers, { user = {}, url = '/account' } = {}) {
  const calls = stubNetwork({
    '/api/auth/get-session': sessionOf(user),
    '/api/auth/list-accounts': linked('credential'),
    ...answers,
  });
  await refetchSession();
  renderWithProviders(<AccountPage />, { url, policy: strictPolicy, config: configWithProviders });
  await screen.findByRole('heading', { name: 'Your account' });
  // A client's security settings are folded away under their own heading: opened as the client would.
  const show = screen.queryByRole('button', { name: 'Show security settings' });
  if (show) fireEvent.click(show);
  return calls;
}

describe('AccountPage: what a client sees first', () => {
  it('shows their details and bookings, with security folded away under its own heading until asked', async () => {
    // Not opened in this tab before (opening it is remembered for the tab).
    sessionStorage.clear();
    stubNetwork({ '/api/auth/get-session': sessionOf(), '/api/auth/list-accounts': linked('credential') });
    await refetchSession();
    renderWithProviders(<AccountPage />, { url: '/account', policy: strictPolicy, config: configWithProviders });
    await screen.findByRole('heading', { name: 'Your account' });
    expect(screen.getByRole('region', { name: 'Your details' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
    expect(screen.getByRole('heading', { name: 'Security' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Passkeys' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Signed-in devices' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show security settings' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);
    expect(screen.getByRole('button', { name: 'Hide security settings' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Passkeys' })).toBeVisible();
  });
});

const bodyOf = (calls: FetchCall[], path: string) => calls.find((call) => call.path === path)?.body;
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const section = (name: string) => screen.getByRole('region', { name });

describe('AccountPage: password', () => {
  it('shows the email with its verification status and changes the password under the live rules', async () => {
    const calls = await renderAccount({ '/api/auth/change-password': { status: 200, body: { token: null } } });
    expect(screen.getByText('ann@example.test')).toBeVisible();
    expect(screen.getByText('Not verified')).toBeVisible();
    expect(input(/^Name/)).toHaveValue('Ann Client');

    type(/^Current password/, 'old-one');
    type(/^New password/, 'short');
    expect(screen.getByRole('list', { name: 'Password rules' })).toHaveTextContent('An uppercase letter (not met)');
    type(/^New password/, 'Longer123');
    expect(screen.getByRole('list', { name: 'Password rules' })).toHaveTextContent('An uppercase letter (met)');
    const signOutOthers = screen.getByRole('checkbox', { name: 'Sign out of all other devices' });
    expect(signOutOthers).toBeChecked();
    fireEvent.click(signOutOthers);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password is changed.')).toBeVisible();
    expect(bodyOf(calls, '/api/auth/change-password')).toEqual({
      currentPassword: 'old-one',
      newPassword: 'Longer123',
      revokeOtherSessions: false,
    });
  });

  it('explains a wrong current password', async () => {
    await renderAccount({
      '/api/auth/change-password': { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
    });
    type(/^Current password/, 'wrong');
    type(/^New password/, 'Longer123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(section('Password')).findByRole('alert')).toHaveTextContent('That password is not correct.');
  });

  it('offers no password change to an account that signs in only with a provider', async () => {
    await renderAccount({ '/api/auth/list-accounts': linked('google') });
    expect(
      await within(section('Password')).findByText(/Your account has no password: you sign in with the provider/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });
});

describe('AccountPage: name and phone', () => {
  it('saves a new name and a phone number', async () => {
    const calls = await renderAccount({ '/api/auth/update-user': { status: 200, body: { status: true } } });
    expect(input(/^Phone/)).toHaveValue('');
    type(/^Name/, '  Ann Smith ');
    type(/^Phone/, ' +44 20 7946 0000 ');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    expect(bodyOf(calls, '/api/auth/update-user')).toEqual({ name: 'Ann Smith', phone: '+442079460000' });
  });

  it('shows the saved phone number (kept in E.164) spaced for reading, and removes it when the field is emptied', async () => {
    const calls = await renderAccount(
      { '/api/auth/update-user': { status: 200, body: { status: true } } },
      { user: { phone: '+447700900123' } },
    );
    expect(input(/^Phone/)).toHaveValue('+44 7700 900123');
    type(/^Phone/, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    expect(bodyOf(calls, '/api/auth/update-user')).toEqual({ name: 'Ann Client', phone: null });
  });

  it('refuses a phone number that is not one before asking the server', async () => {
    const calls = await renderAccount({});
    type(/^Phone/, 'call me maybe');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter a phone number we can text, e.g. 07700 900123')).toBeVisible();
    expect(input(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/api/auth/update-user')).toBe(false);
  });

  it("shows the server's refusal of a phone number on the phone field", async () => {
    await renderAccount({
      '/api/auth/update-user': {
        status: 400,
        body: { code: 'VALIDATION', message: 'Enter a phone number we can text, e.g. 07700 900123' },
      },
    });
    type(/^Phone/, '0000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter a phone number we can text, e.g. 07700 900123')).toBeVisible();
    expect(input(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(section('Your details')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('AccountPage: email', () => {
  it('asks for a new address and tells a verified user the change waits for the emailed link', async () => {
    const calls = await renderAccount(
      { '/api/auth/change-email': { status: 200, body: { status: true } } },
      { user: { emailVerified: true } },
    );
    expect(screen.getByText('Verified')).toBeVisible();
    type(/^New email address/, ' Ann.New@Example.test ');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(
      await screen.findByText(
        'We emailed a link to confirm the change to ann.new@example.test. Look in both inboxes, ann@example.test and ann.new@example.test; your email address stays the same until the change is confirmed.',
      ),
    ).toBeVisible();
    expect(screen.getByText('ann@example.test', { selector: 'p' })).toBeVisible();
    expect(bodyOf(calls, '/api/auth/change-email')).toEqual({
      newEmail: 'ann.new@example.test',
      callbackURL: '/account?emailchanged=true',
    });
  });

  it('refuses the address the account already has, and a malformed one, without asking the server', async () => {
    const calls = await renderAccount({});
    type(/^New email address/, 'ANN@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('This is already your email address.')).toBeVisible();
    type(/^New email address/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    expect(calls.some((call) => call.path === '/api/auth/change-email')).toBe(false);
  });

  it('confirms the change when the email link lands, reads the session again and cleans the address', async () => {
    const calls = await renderAccount({}, { url: '/account?emailchanged=true' });
    expect(await screen.findByText('Email change confirmed')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/account$/));
    // Once to sign in for the test, once for the landing.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/auth/get-session').length).toBeGreaterThanOrEqual(2),
    );
  });
});

describe('AccountPage: connected accounts', () => {
  it('lists the ways in, connects a configured provider and disconnects a linked one', async () => {
    let accounts = linked('credential', 'google');
    const calls = await renderAccount({
      '/api/auth/list-accounts': () => accounts,
      '/api/auth/link-social': { status: 200, body: { url: 'https://id.example.test/auth', redirect: false } },
      '/api/auth/unlink-account': () => {
        accounts = linked('credential');
        return { status: 200, body: { status: true } };
      },
    });
    const methods = await within(section('Connected accounts')).findByRole('list', { name: 'Ways you sign in' });
    expect(within(methods).getByText('Email and password')).toBeVisible();
    expect(within(methods).getByText('Google')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect Google' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Connect Test ID' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/api/auth/link-social')).toEqual({
        provider: 'oidc',
        callbackURL: '/account',
        errorCallbackURL: '/account',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText('Google is disconnected.')).toBeVisible();
    expect(bodyOf(calls, '/api/auth/unlink-account')).toEqual({ accountId: 'a2' });
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Disconnect/ })).not.toBeInTheDocument();
  });

  it('never offers to disconnect the only way in', async () => {
    await renderAccount({ '/api/auth/list-accounts': linked('google') });
    expect(await screen.findByText('This is your only way to sign in, so it cannot be disconnected.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Disconnect/ })).not.toBeInTheDocument();
  });
});

describe('AccountPage: data and deletion', () => {
  it('offers the download of everything held, from the server', async () => {
    await renderAccount({});
    const download = within(section('Your data')).getByRole('link', { name: 'Download my data' });
    expect(download).toHaveAttribute('href', '/api/account/export');
    expect(download).toHaveAttribute('download', 'my-data.json');
  });

  it('deletes the account after the right password, showing a wrong one on the field, then goes home', async () => {
    const calls = await renderAccount({
      '/api/account/delete': {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'password: The password is not correct.' } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account for good?' });
    expect(dialog).toHaveTextContent('your bookings are kept anonymised');
    expect(dialog).toHaveTextContent('every device where you are signed in is signed out');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeVisible();
    expect(calls.some((call) => call.path === '/api/account/delete')).toBe(false);

    type(/^Your password/, 'wrong-one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeVisible();
    expect(input(/^Your password/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Your password/)).toHaveAccessibleDescription('The password is not correct.');
    expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/account$/);

    type(/^Your password/, 'Right-one-1');
    // The session is gone from now on.
    const afterDeletion = stubNetwork({
      '/api/auth/get-session': { status: 200, body: null },
      '/api/account/delete': { status: 200, body: { deleted: true } },
      '/api/auth/sign-out': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/$/));
    expect(bodyOf(calls, '/api/account/delete')).toEqual({ password: 'wrong-one' });
    expect(bodyOf(afterDeletion, '/api/account/delete')).toEqual({ password: 'Right-one-1' });
  });

  it('asks an account without a password to type DELETE', async () => {
    const calls = await renderAccount({
      '/api/auth/list-accounts': linked('google'),
      '/api/account/delete': { status: 200, body: { deleted: true } },
      '/api/auth/sign-out': { status: 200, body: { success: true } },
    });
    await within(section('Connected accounts')).findByText('Google');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account for good?' });
    expect(within(dialog).queryByLabelText(/^Your password/)).not.toBeInTheDocument();
    type(/^Type DELETE to confirm/, 'delete');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    // The modal may still be fading in on a busy machine: wait for the message to be shown, not just present.
    await waitFor(() => expect(within(dialog).getByText('Type DELETE in capital letters to confirm.')).toBeVisible());
    expect(calls.some((call) => call.path === '/api/account/delete')).toBe(false);

    type(/^Type DELETE to confirm/, 'DELETE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeVisible();
    expect(bodyOf(calls, '/api/account/delete')).toEqual({ confirm: 'DELETE' });
  });

  it('keeps the account and says so when the deletion fails on the server', async () => {
    await renderAccount({
      '/api/account/delete': { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account for good?' });
    type(/^Your password/, 'Right-one-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong, and your account is not deleted.',
    );
    expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/account$/);
  });
});
