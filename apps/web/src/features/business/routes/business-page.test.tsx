import {
  type BankTransfersAnswer,
  type BusinessDetails,
  defaultBankTransferSettings,
  defaultPaymentPolicy,
  defaultTextTemplates,
  type PaymentPolicyAnswer,
  paymentPolicySchema,
  type TextSettings,
} from '@app/shared';
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
  sensualStripeDeposits: [],
});

const bankTransfers: BankTransfersAnswer = { settings: defaultBankTransferSettings(), deposits: [] };
const texts = (enabled: boolean): TextSettings => ({
  enabled,
  whatsapp: false,
  reminderHours: [24],
  templates: defaultTextTemplates,
  requireVerifiedPhone: false,
});

describe('the Payments section of the business page', () => {
  it('says online payment is off and how to turn it on, and still saves a policy for later', async () => {
    const calls = stubApi({
      'GET /api/admin/business': { status: 200, body: details },
      'GET /api/admin/payments/policy': { status: 200, body: answer(false) },
      'GET /api/admin/bank-transfers': { status: 200, body: bankTransfers },
      'GET /api/admin/text-settings': { status: 200, body: texts(false) },
      'PUT /api/admin/payments/policy': ({ body }) => ({
        status: 200,
        body: { policy: paymentPolicySchema.parse(body), onlinePaymentEnabled: false, sensualStripeDeposits: [] },
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
      'GET /api/admin/bank-transfers': { status: 200, body: bankTransfers },
      'GET /api/admin/text-settings': { status: 200, body: texts(false) },
    });
    renderRoute(<BusinessPage />, { url: '/business' });
    expect(await screen.findByText('The payment policy could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Save details' })).toBeVisible();
  });
});

describe('the Texts section of the business page', () => {
  it('says texts are off and which settings turn them on', async () => {
    stubApi({
      'GET /api/admin/business': { status: 200, body: details },
      'GET /api/admin/payments/policy': { status: 200, body: answer(false) },
      'GET /api/admin/bank-transfers': { status: 200, body: bankTransfers },
      'GET /api/admin/text-settings': { status: 200, body: texts(false) },
    });
    renderRoute(<BusinessPage />, { url: '/business' });
    expect(await screen.findByText('Texts are off')).toBeVisible();
    expect(screen.getByText(/TWILIO_ACCOUNT_SID/)).toBeVisible();
  });

  it('counts the characters and texts of a wording as it is typed, and saves it', async () => {
    const calls = stubApi({
      'GET /api/admin/business': { status: 200, body: details },
      'GET /api/admin/payments/policy': { status: 200, body: answer(false) },
      'GET /api/admin/bank-transfers': { status: 200, body: bankTransfers },
      'GET /api/admin/text-settings': { status: 200, body: texts(true) },
      'GET /api/admin/texts': { status: 200, body: { texts: [] } },
      'PUT /api/admin/text-settings': { status: 200, body: texts(true) },
    });
    renderRoute(<BusinessPage />, { url: '/business' });
    const wording = await screen.findByRole('textbox', { name: /Wording of “Booking confirmed”/ });
    fireEvent.change(wording, { target: { value: 'See you at {when} ☺' } });
    expect(screen.getByText(/19 characters · 1 text \(UCS-2/)).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: /Reminder texts/ }), { target: { value: '24, 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save texts' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      reminderHours: [24, 2],
      templates: { 'booking.confirmed': 'See you at {when} ☺' },
    });
  });
});
