import { type BankTransfersAnswer, bankTransferSettingsSchema, defaultBankTransferSettings } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { BankTransfersSection } from './bank-transfers-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const answer: BankTransfersAnswer = { settings: defaultBankTransferSettings(), deposits: [] };

describe('the deposit by bank transfer on the business page', () => {
  it('says what is missing before saving, then saves the account the client pays into', async () => {
    const calls = stubApi({
      'GET /api/config': { status: 200, body: {} },
      'PUT /api/admin/bank-transfers/settings': ({ body }) => ({
        status: 200,
        body: { settings: bankTransferSettingsSchema.parse(body), deposits: [] },
      }),
    });
    renderRoute(<BankTransfersSection answer={answer} />, { url: '/business' });
    const form = within(screen.getByRole('form', { name: 'Deposit by bank transfer' }));
    const rule = form.getByRole('combobox', { name: 'Sensual bookings made online' });
    fireEvent.click(rule);
    const listbox = await waitFor(() => {
      const found = document.getElementById(rule.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the list of deposits did not open');
      return found;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'A deposit of a fixed amount', hidden: true }));
    fireEvent.click(form.getByRole('button', { name: 'Save bank transfer' }));
    expect(await form.findAllByText('Needed for clients to pay the deposit')).toHaveLength(3);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByRole('textbox', { name: 'Account name' }), { target: { value: 'Soothe Studio Ltd' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Sort code' }), { target: { value: '12-34-56' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Account number' }), { target: { value: '12345678' } });
    fireEvent.click(form.getByRole('button', { name: 'Save bank transfer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      deposit: { kind: 'deposit_fixed', amountPence: 2000 },
      holdHours: 48,
      accountName: 'Soothe Studio Ltd',
      sortCode: '12-34-56',
      accountNumber: '12345678',
    });
  });

  it('asks before releasing the time of a deposit that did not come, then releases it', async () => {
    const deposit = {
      id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
      bookingId: '7d0e4c5e-1a7b-4c44-9a39-5d3a4b1f2e10',
      startsAt: '2026-12-04T14:00:00.000Z',
      clientName: 'Sol Client',
      reference: 'DEPABC2345',
      amountPence: 2000,
      status: 'awaiting' as const,
      settlement: null,
      holdExpiresAt: '2026-12-01T10:00:00.000Z',
      receivedAt: null,
      matchedBy: null,
    };
    const calls = stubApi({
      'GET /api/config': { status: 200, body: {} },
      [`POST /api/admin/bank-transfers/${deposit.id}/release`]: {
        status: 200,
        body: { ...answer, deposits: [{ ...deposit, status: 'released' }] },
      },
    });
    renderRoute(<BankTransfersSection answer={{ ...answer, deposits: [deposit] }} />, { url: '/business' });
    const item = within(screen.getByRole('list', { name: 'Deposits by bank transfer' }));
    expect(item.getByText(/DEPABC2345: £20.00, Sol Client/)).toHaveTextContent('awaited');
    fireEvent.click(item.getByRole('button', { name: 'Release the time' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Release this booking’s time?' }));
    expect(dialog.getByText(/the time is free again, and they are emailed/)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Release the time' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/release'))).toBe(true));
  });
});
