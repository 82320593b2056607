import type { AdminBookingBankDeposit } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../test-utils.tsx';
import { BankDepositSection, bankDepositState } from './bank-deposit-section.tsx';

// The booking sheet's deposit by bank transfer (decision 066, issue 30 part 1 leftovers).

const awaiting: AdminBookingBankDeposit = {
  id: '7a1c0e2d-1111-4222-8333-944455556666',
  reference: 'DEPK7M2QX9',
  amountPence: 2000,
  status: 'awaiting',
  settlement: null,
  holdExpiresAt: '2026-11-29T10:00:00.000Z',
  receivedAt: null,
  matchedBy: null,
};

describe('the bank deposit on the booking sheet', () => {
  it('names each state in the owner’s words', () => {
    expect(bankDepositState(awaiting).label).toBe('Awaiting transfer');
    expect(bankDepositState({ status: 'received', settlement: 'held' }).label).toBe(
      'Received, held until the appointment',
    );
    expect(bankDepositState({ status: 'received', settlement: 'recognised' }).label).toBe('Applied to the treatment');
    expect(bankDepositState({ status: 'received', settlement: 'kept' }).label).toMatch(/^Kept/);
    expect(bankDepositState({ status: 'received', settlement: 'refunded' }).label).toBe('Paid back');
    expect(bankDepositState({ status: 'released', settlement: null }).label).toBe('Not paid: time released');
  });

  it('shows the reference and deadline of an awaited deposit, and marks it received when asked', async () => {
    const calls = stubApi({ [`POST /api/admin/bank-transfers/${awaiting.id}/received`]: { status: 200, body: {} } });
    renderPage(<BankDepositSection deposit={awaiting} timeZone="Europe/London" />);
    const section = screen.getByRole('region', { name: 'Deposit by bank transfer' });
    expect(section).toHaveTextContent('£20');
    expect(section).toHaveTextContent('Awaiting transfer');
    expect(section).toHaveTextContent(/Reference DEPK7M2QX9: the time is held until .*29.*Nov/);
    fireEvent.click(within(section).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(await within(section).findByRole('status')).toHaveTextContent('Deposit received');
  });

  it('offers no action once the deposit was received', () => {
    renderPage(
      <BankDepositSection
        deposit={{
          ...awaiting,
          status: 'received',
          settlement: 'held',
          receivedAt: '2026-11-28T09:00:00.000Z',
          matchedBy: 'statement',
        }}
        timeZone="Europe/London"
      />,
    );
    const section = screen.getByRole('region', { name: 'Deposit by bank transfer' });
    expect(section).toHaveTextContent('matched on a bank statement');
    expect(within(section).queryByRole('button', { name: 'Mark received' })).toBeNull();
  });
});
