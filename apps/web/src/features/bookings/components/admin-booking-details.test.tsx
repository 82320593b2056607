import type { AdminBooking } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, setWideScreen, stubApi } from '../../../test/api-stub.tsx';
import { AdminBookingDetails } from './admin-booking-details.tsx';

afterEach(() => vi.unstubAllGlobals());

const hour = 3_600_000;

function bookingAt(startsAt: number, changes: Partial<AdminBooking> = {}): AdminBooking {
  return {
    id: 'b7f3c2a0-0000-4000-8000-000000000001',
    clientId: 'c1',
    clientName: 'Ann Archer',
    clientEmail: 'ann@example.com',
    clientPhone: null,
    serviceId: 's1',
    serviceName: 'Swedish massage',
    style: 'therapeutic',
    type: 'swedish',
    durationMinutes: 60,
    pricePence: 6000,
    paidPence: 0,
    voucherPaidPence: 0,
    coursePaidPence: 0,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + hour).toISOString(),
    status: 'confirmed',
    version: 1,
    notes: '',
    privateNotes: '',
    source: 'client',
    cancelledBy: null,
    cancelReason: null,
    createdAt: new Date(startsAt - 48 * hour).toISOString(),
    ...changes,
  };
}

function showSheet(booking: AdminBooking, emailEnabled = true) {
  const calls = stubApi({
    [`GET /api/admin/bookings/${booking.id}`]: {
      status: 200,
      body: {
        booking,
        history: [],
        payments: [],
        audit: [],
        onlinePayment: null,
        noShowFee: null,
        voucherRedemptions: [],
      },
    },
    [`POST /api/admin/bookings/${booking.id}/decline`]: { status: 200, body: {} },
  });
  renderRoute(
    <AdminBookingDetails
      bookingId={booking.id}
      timeZone="Europe/London"
      emailEnabled={emailEnabled}
      fullScreen={false}
      onClose={() => {}}
    />,
    { url: '/manage_bookings' },
  );
  return calls;
}

/** The sheet's buttons in reading order, its close button aside. */
async function actionNames() {
  const dialog = await screen.findByRole('dialog', { name: 'Booking' });
  await within(dialog).findByText('Ann Archer', { exact: false });
  return within(dialog)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '')
    .filter((name) => name && !/close/i.test(name));
}

describe('the booking sheet puts the action most needed first', () => {
  it('offers to take the price due, prefilled, before the appointment', async () => {
    setWideScreen(true);
    showSheet(bookingAt(Date.now() + 3 * hour));
    const names = await actionNames();
    expect(names[0]).toMatch(/^Take /);
    const take = screen.getByRole('region', { name: 'Take payment' });
    expect(within(take).getByLabelText('Amount to take (£)')).toHaveValue('60');
    expect(within(take).getByRole('button', { name: /^Take £60(\.00)? by cash$/ })).toBeVisible();
    expect(names).not.toContain('Mark completed');
  });

  it('offers Mark completed, then No-show, first once the appointment is over', async () => {
    setWideScreen(true);
    showSheet(bookingAt(Date.now() - 2 * hour));
    const names = await actionNames();
    expect(names.slice(0, 2)).toEqual(['Mark completed', 'No-show']);
    expect(names.some((name) => /^Take (£|payment)/.test(name))).toBe(false);
  });

  it('tells the owner a decline was recorded but not emailed when no mail server is set up', async () => {
    setWideScreen(true);
    const calls = showSheet(bookingAt(Date.now() + 24 * hour, { status: 'pending', style: 'sensual' }), false);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText(
        'Declined. Recorded; the client was not emailed: no mail server is set up, the email is kept in the outbox.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/bookings/b7f3c2a0-0000-4000-8000-000000000001/decline',
    ]);
  });
});
