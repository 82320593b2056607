import type { AdminBooking, NoShowFeeState } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBookingDetail } from '../admin-api.ts';
import { renderPage, stubApi } from '../test-utils.tsx';
import { AdminBookingDetails } from './admin-booking-details.tsx';

// The booking sheet's no-show fee (issue 13): offered only after a no-show with a card saved, asked first.

const id = '5f0c3a7e-1111-4222-8333-944455556666';
const booking: AdminBooking = {
  id,
  clientId: 'c1',
  clientName: 'Nora Noshow',
  clientEmail: 'nora@example.test',
  clientPhone: null,
  serviceId: 's1',
  serviceName: 'Swedish massage',
  style: 'therapeutic',
  type: 'swedish',
  durationMinutes: 60,
  pricePence: 7000,
  paidPence: 0,
  voucherPaidPence: 0,
  coursePaidPence: 0,
  startsAt: '2026-11-02T15:00:00.000Z',
  endsAt: '2026-11-02T16:00:00.000Z',
  status: 'no_show',
  version: 2,
  notes: '',
  privateNotes: '',
  source: 'client',
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-10-20T10:00:00.000Z',
};
const fee = (status: NoShowFeeState['status'], failureMessage: string | null = null): NoShowFeeState => ({
  feePence: 3000,
  status,
  failureMessage,
  consentedAt: '2026-10-20T10:00:00.000Z',
});
const detail = (overrides: Partial<AdminBookingDetail>): AdminBookingDetail => ({
  booking,
  history: [],
  payments: [],
  onlinePayment: null,
  voucherRedemptions: [],
  noShowFee: fee('card_saved'),
  audit: [],
  ...overrides,
});

function renderSheet() {
  renderPage(
    <AdminBookingDetails bookingId={id} timeZone="Europe/London" emailEnabled fullScreen={false} onClose={() => {}} />,
  );
}

describe('the no-show fee on the booking sheet', () => {
  it('charges the saved card after the owner confirms, and says it was charged', async () => {
    const calls = stubApi({
      [`GET /api/admin/bookings/${id}`]: [
        { status: 200, body: detail({}) },
        { status: 200, body: detail({ noShowFee: fee('charged') }) },
      ],
      [`POST /api/admin/bookings/${id}/no-show-fee`]: { status: 200, body: detail({ noShowFee: fee('charged') }) },
    });
    renderSheet();
    const section = await screen.findByRole('region', { name: 'No-show fee' });
    fireEvent.click(within(section).getByRole('button', { name: /^Charge no-show fee \(£30(\.00)?\)$/ }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(within(section).getByText(/will be taken from the client's saved card now/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: /^Charge £30(\.00)?$/ }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(await screen.findByText(/^No-show fee of £30(\.00)? charged\.$/)).toBeInTheDocument();
  });

  it('shows a decline with Stripe’s message, and offers to try again', async () => {
    stubApi({
      [`GET /api/admin/bookings/${id}`]: {
        status: 200,
        body: detail({ noShowFee: fee('failed', 'Your card was declined.') }),
      },
    });
    renderSheet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The no-show fee was not charged');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: /^Charge no-show fee/ })).toBeInTheDocument();
  });

  it('offers no charge when the client saved no card', async () => {
    stubApi({ [`GET /api/admin/bookings/${id}`]: { status: 200, body: detail({ noShowFee: fee('awaiting_card') }) } });
    renderSheet();
    const section = await screen.findByRole('region', { name: 'No-show fee' });
    expect(section).toHaveTextContent('did not save a card, so it cannot be charged');
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers no charge before the booking is marked a no-show', async () => {
    stubApi({
      [`GET /api/admin/bookings/${id}`]: {
        status: 200,
        body: detail({ booking: { ...booking, status: 'confirmed' } }),
      },
    });
    renderSheet();
    const section = await screen.findByRole('region', { name: 'No-show fee' });
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
