import type { ContactPreference } from '@app/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { ContactChoice } from './contact-choice.tsx';

afterEach(() => vi.unstubAllGlobals());

const preference = (changes: Partial<ContactPreference> = {}): ContactPreference => ({
  channel: 'both',
  phone: null,
  phoneVerified: false,
  textsEnabled: true,
  ...changes,
});

describe('booking messages on the account page', () => {
  it('saves the choice of texts only', async () => {
    const calls = stubApi({
      'GET /api/account/contact-preference': { status: 200, body: preference() },
      'PUT /api/account/contact-preference': { status: 200, body: preference({ channel: 'text' }) },
    });
    renderRoute(<ContactChoice />, { url: '/account' });
    fireEvent.click(await screen.findByRole('radio', { name: /Text only/ }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ channel: 'text' }));
  });

  it('verifies a number with the code texted to it', async () => {
    const calls = stubApi({
      'GET /api/account/contact-preference': { status: 200, body: preference() },
      'POST /api/account/phone/code': { status: 200, body: { phone: '+447911123456', expiresInMinutes: 10 } },
      'POST /api/account/phone/verify': {
        status: 200,
        body: preference({ phone: '+447911123456', phoneVerified: true }),
      },
    });
    renderRoute(<ContactChoice />, { url: '/account' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Verify your mobile number' }), {
      target: { value: '07911 123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    const code = await screen.findByRole('textbox', { name: 'The 6-digit code sent to +447911123456' });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/phone/verify'))?.body).toEqual({ code: '123456' }),
    );
  });

  it('says texts are off when the business sends none', async () => {
    stubApi({ 'GET /api/account/contact-preference': { status: 200, body: preference({ textsEnabled: false }) } });
    renderRoute(<ContactChoice />, { url: '/account' });
    expect(await screen.findByText(/does not send texts/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).toBeNull();
  });
});
