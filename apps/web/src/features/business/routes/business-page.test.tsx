import { type BusinessDetails, defaultPaymentPolicy, type PaymentPolicyAnswer, paymentPolicySchema } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { BusinessPage } from './business-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const details: BusinessDetails = {
  businessName: 'Soothe',
  phone: '',
  email: '',
  streetAddress: '',
  area: 'London',
};
const answer = (onlinePaymentEnabled: boolean): PaymentPolicyAnswer => ({
  policy: defaultPaymentPolicy(),
  onlinePaymentEnabled,
});

describe('the Payments section of the business page', () => {
  it('says online payment is off and how to turn it on, and still saves a policy for later', async () => {
    const calls = stubApi({
      'GET /api/admin/business': { status: 200, body: details },
      'GET /api/admin/payments/policy': { status: 200, body: answer(false) },
      'PUT /api/admin/payments/policy': ({ body }) => ({
        status: 200,
        body: { policy: paymentPolicySchema.parse(body), onlinePaymentEnabled: false },
      }),
    });
    renderRoute(<BusinessPage />, { url: '/business' });
    expect(await screen.findByText('Online payment is off')).toBeVisible();
    expect(screen.getByText('STRIPE_SECRET_KEY')).toBeVisible();

    const therapeutic = within(screen.getByRole('group', { name: 'Therapeutic massages' }));
    const rule = therapeutic.getByRole('combobox', { name: 'New clients' });
    fireEvent.click(rule);
    // The dropdown's opening transition never ends in jsdom, which leaves it hidden from the accessibility tree.
    const listbox = await waitFor(() => {
      const found = document.getElementById(rule.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the list of rules did not open');
      return found;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'A deposit of a fixed amount', hidden: true }));
    const deposit = await therapeutic.findByRole('textbox', { name: 'New clients: deposit (£)' });
    fireEvent.change(deposit, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment policy' }));
    expect(await screen.findByText('A deposit is at least £1')).toBeVisible();

    fireEvent.change(deposit, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment policy' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...defaultPaymentPolicy(),
      therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2500 }, returningClient: { kind: 'none' } },
    });
  });

  it('offers a retry when the policy cannot be loaded, leaving the details usable', async () => {
    stubApi({
      'GET /api/admin/business': { status: 200, body: details },
      'GET /api/admin/payments/policy': { status: 500, body: { error: { code: 'INTERNAL', message: 'Try later' } } },
    });
    renderRoute(<BusinessPage />, { url: '/business' });
    expect(await screen.findByText('The payment policy could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Save details' })).toBeVisible();
  });
});
