import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingFixture, renderPage, stubApi } from '../test-utils.tsx';
import { BookingsPage } from './bookings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const changeable = bookingFixture({ address: '12 Example Street, London' });
const soon = bookingFixture({
  id: '5f0c3a7e-1111-4222-8333-944455550002',
  serviceName: 'Deep tissue massage',
  startsAt: '2026-12-03T18:30:00.000Z',
  endsAt: '2026-12-03T20:00:00.000Z',
  durationMinutes: 90,
  pricePence: 10500,
  status: 'pending',
  changeableByClient: false,
});
const cancelled = bookingFixture({
  id: '5f0c3a7e-1111-4222-8333-944455550003',
  startsAt: '2026-10-01T09:00:00.000Z',
  status: 'cancelled',
  cancelledBy: 'client',
  cancelReason: 'Away',
  changeableByClient: false,
});

function card(name: RegExp) {
  return screen.getByRole('article', { name });
}

describe('BookingsPage', () => {
  it('lists upcoming and past bookings with status, local time, length and price', async () => {
    stubApi({ 'GET /api/bookings': { status: 200, body: { upcoming: [changeable, soon], past: [cancelled] } } });
    renderPage(<BookingsPage />, { url: '/bookings' });

    // 15:00 UTC on 2 December is 15:00 in London (winter); 18:30 UTC on 3 December is 18:30.
    const first = await screen.findByRole('article', { name: /Swedish massage, Wednesday,? 2 December 2026.*15:00/ });
    expect(first).toHaveTextContent('Confirmed');
    expect(first).toHaveTextContent('1 h, £70');
    expect(first).toHaveTextContent('Address: 12 Example Street, London');
    expect(within(first).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/bookings/${changeable.id}/calendar.ics`,
    );
    expect(within(first).getByRole('button', { name: 'Reschedule' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeVisible();

    const second = card(/Deep tissue massage, Thursday,? 3 December 2026.*18:30/);
    expect(second).toHaveTextContent('Waiting for approval');
    expect(second).toHaveTextContent('1 h 30 min, £105');
    expect(second).not.toHaveTextContent('Address');
    // No phone or email is set: the page names the one way every client has, never a bare 'please call us'.
    expect(second).toHaveTextContent('please reply to your booking confirmation email');
    expect(second).not.toHaveTextContent('call us');
    expect(within(second).queryByRole('button', { name: 'Cancel' })).toBeNull();

    const past = within(screen.getByRole('region', { name: 'Past and cancelled' })).getByRole('article');
    expect(past).toHaveTextContent('Cancelled by you: Away');
    expect(within(past).queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('cancels with the reason given and shows the list the server returns next', async () => {
    let cancelledOnServer = false;
    const calls = stubApi({
      'GET /api/bookings': () => ({
        status: 200,
        body: cancelledOnServer
          ? { upcoming: [], past: [{ ...changeable, status: 'cancelled', cancelledBy: 'client', cancelReason: 'Ill' }] }
          : { upcoming: [changeable], past: [] },
      }),
      [`POST /api/bookings/${changeable.id}/cancel`]: () => {
        cancelledOnServer = true;
        return { status: 200, body: { ...changeable, status: 'cancelled' } };
      },
    });
    renderPage(<BookingsPage />, { url: '/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: ' Ill ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('No upcoming bookings.')).toBeVisible();
    expect(screen.getByText('Cancelled by you: Ill')).toBeVisible();
    const done = screen.getByRole('status');
    expect(done).toHaveTextContent('Booking cancelled');
    expect(done).toHaveTextContent(/Your Swedish massage on .* is cancelled\. We have emailed you a confirmation\./);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Ill' });
  });

  it('says before and after cancelling that the deposit paid online is refunded, or kept after the free window', async () => {
    const refunded = {
      kind: 'deposit' as const,
      amountPence: 2000,
      outcome: 'refunded' as const,
      freeCancellationHours: 24,
    };
    const withDeposit = { ...changeable, cancellationMoney: refunded };
    stubApi({
      'GET /api/bookings': { status: 200, body: { upcoming: [withDeposit], past: [] } },
      [`POST /api/bookings/${changeable.id}/cancel`]: {
        status: 200,
        body: { ...withDeposit, status: 'cancelled' },
      },
    });
    renderPage(<BookingsPage />, { url: '/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('Your £20 deposit will be refunded to your card.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your £20 deposit will be refunded to your card.'),
    );
  });

  it('says what a gift voucher paid, and that cancelling in time puts it back onto the voucher', async () => {
    const byVoucher = {
      ...changeable,
      voucherPaidPence: 5000,
      cancellationVoucher: { amountPence: 5000, outcome: 'returned' as const, freeCancellationHours: 24 },
    };
    stubApi({
      'GET /api/bookings': { status: 200, body: { upcoming: [byVoucher], past: [] } },
      // Once cancelled, nothing more is held on the booking: the page still says what the dialog said.
      [`POST /api/bookings/${changeable.id}/cancel`]: {
        status: 200,
        body: { ...byVoucher, status: 'cancelled', cancellationVoucher: null },
      },
    });
    renderPage(<BookingsPage />, { url: '/bookings' });
    expect(await screen.findByRole('article', { name: /Swedish massage/ })).toHaveTextContent(
      '£50 paid by gift voucher',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'The £50 paid by gift voucher goes back onto your voucher.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'is cancelled. The £50 paid by gift voucher goes back onto your voucher. We have emailed you a confirmation.',
      ),
    );
  });

  it('says in one note what becomes of a deposit and of a voucher’s part when both paid', async () => {
    const both = {
      ...changeable,
      voucherPaidPence: 3000,
      cancellationMoney: {
        kind: 'deposit' as const,
        amountPence: 2000,
        outcome: 'kept' as const,
        freeCancellationHours: 48,
      },
      cancellationVoucher: { amountPence: 3000, outcome: 'kept' as const, freeCancellationHours: 48 },
    };
    stubApi({ 'GET /api/bookings': { status: 200, body: { upcoming: [both], past: [] } } });
    renderPage(<BookingsPage />, { url: '/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Your £20 deposit is kept, as the cancellation is less than 48 hours before the appointment. The £30 paid by gift voucher is kept, as the cancellation is less than 48 hours before the appointment.',
    );
  });

  it('tells a client cancelling after the free window that the deposit is kept', async () => {
    const kept = { kind: 'deposit' as const, amountPence: 2000, outcome: 'kept' as const, freeCancellationHours: 48 };
    stubApi({
      'GET /api/bookings': { status: 200, body: { upcoming: [{ ...changeable, cancellationMoney: kept }], past: [] } },
    });
    renderPage(<BookingsPage />, { url: '/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Your £20 deposit is kept, as the cancellation is less than 48 hours before the appointment.',
    );
  });

  it('shows the server’s answer when the cut-off has passed since the page was opened, and learns the cut-off from it', async () => {
    stubApi({
      'GET /api/bookings': [
        { status: 200, body: { upcoming: [changeable, soon], past: [] } },
        { status: 200, body: { upcoming: [{ ...changeable, changeableByClient: false }, soon], past: [] } },
      ],
      [`POST /api/bookings/${changeable.id}/cancel`]: {
        status: 409,
        body: {
          error: {
            code: 'TOO_LATE_TO_CHANGE',
            message: 'Bookings can be changed online up to 24 hours before. Please call us instead.',
          },
        },
      },
    });
    renderPage(<BookingsPage />, { url: '/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(card(/Swedish massage/)).toHaveTextContent(
        'Bookings can be changed online up to 24 hours before. Please call us instead.',
      ),
    );
    expect(within(card(/Swedish massage/)).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    // The cut-off is the server's, never a number of the client's.
    expect(card(/Deep tissue massage/)).toHaveTextContent(
      'Changes within 24 hours can no longer be made here: please reply to your booking confirmation email.',
    );
  });

  it('moves a booking to the time picked in the same day and time picker as /book', { timeout: 15_000 }, async () => {
    const calls = stubApi({
      'GET /api/bookings': { status: 200, body: { upcoming: [changeable], past: [] } },
      'GET /api/slots': {
        status: 200,
        body: { timeZone: 'Europe/London', days: [{ date: '2026-12-04', slots: ['2026-12-04T11:00:00.000Z'] }] },
      },
      [`POST /api/bookings/${changeable.id}/reschedule`]: {
        status: 200,
        body: { ...changeable, startsAt: '2026-12-04T11:00:00.000Z', version: 2 },
      },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
    try {
      renderPage(<BookingsPage />, { url: '/bookings' });
      fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose a new time' });
      const day = await within(dialog).findByRole('button', { name: /^Friday,? 4 December 2026$/ }, { timeout: 5000 });
      await waitFor(() => expect(day).toBeEnabled());
      fireEvent.click(day);
      fireEvent.click(within(dialog).getByRole('button', { name: '11:00' }));
      fireEvent.click(within(dialog).getByRole('button', { name: /^Move to Friday,? 4 December 2026/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const done = screen.getByRole('status');
      expect(done).toHaveTextContent('Booking moved');
      expect(done).toHaveTextContent(/Your Swedish massage is now on Friday,? 4 December 2026.*11:00/);
      expect(calls.find((call) => call.path.endsWith('/reschedule'))?.body).toEqual({
        startsAt: '2026-12-04T11:00:00.000Z',
        version: 1,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
