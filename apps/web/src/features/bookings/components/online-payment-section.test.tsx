import type { AdminOnlinePayment } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../test-utils.tsx';
import { OnlinePaymentSection } from './online-payment-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const bookingId = '5f0c3a7e-1111-4222-8333-944455556666';
const held: AdminOnlinePayment = {
  purpose: 'deposit',
  amountPence: 2000,
  status: 'succeeded',
  settlement: 'held',
  refundablePence: 1500,
  refunds: [
    {
      id: 'a1',
      amountPence: 500,
      reason: 'Late start',
      status: 'retrying',
      failure: 'The peer is down',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

function section() {
  renderPage(<OnlinePaymentSection bookingId={bookingId} online={held} timeZone="Europe/London" fullScreen={false} />);
  return screen.getByRole('region', { name: 'Paid online' });
}

describe('OnlinePaymentSection', () => {
  it('shows the deposit, where it stands and each refund with its state', () => {
    const region = section();
    expect(region).toHaveTextContent('Deposit of £20: paid, held until the appointment.');
    expect(within(region).getByRole('list', { name: 'Refunds' })).toHaveTextContent(
      'Refund of £5 on Friday, 20 November 2026 at 10:00 (Late start) Refund failed, retrying',
    );
    expect(region).toHaveTextContent('£15 can still be refunded.');
  });

  it('refuses more than is left before asking the server, then sends the amount and reason', async () => {
    const calls = stubApi({
      [`POST /api/admin/bookings/${bookingId}/online-refunds`]: {
        status: 201,
        body: { id: 'b2', amountPence: 1000, reason: 'Goodwill', status: 'pending', failure: null, createdAt: '' },
      },
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: "Refund to the client's card" });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (£)' });
    expect(amount).toHaveValue('15');
    fireEvent.change(amount, { target: { value: '16' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £16' }));
    expect(await within(dialog).findByText('At most £15 is left to refund.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £10' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Stripe accepted the refund of £10; it is recorded once the card issuer confirms it.',
      ),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amountPence: 1000, reason: 'Goodwill' });
  });
});
