import type { AdminBooking } from '@app/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import type { ActionResult } from '../admin-api.ts';
import { CancelDialog } from './owner-dialogs.tsx';

afterEach(() => vi.unstubAllGlobals());

// The owner cancels a booking a gift voucher paid for (issue 13): paying back puts the voucher's part back on it.

const booking: AdminBooking = {
  id: 'b7f3c2a0-0000-4000-8000-000000000002',
  clientId: 'c1',
  clientName: 'Ann Archer',
  clientEmail: 'ann@example.com',
  clientPhone: null,
  serviceId: 's1',
  serviceName: 'Swedish massage',
  style: 'therapeutic',
  type: 'swedish',
  durationMinutes: 60,
  pricePence: 7000,
  paidPence: 5000,
  voucherPaidPence: 5000,
  coursePaidPence: 0,
  startsAt: '2026-12-02T15:00:00.000Z',
  endsAt: '2026-12-02T16:00:00.000Z',
  status: 'confirmed',
  version: 1,
  notes: '',
  privateNotes: '',
  source: 'client',
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function cancelled(voucherReturnedPence: number, notified: boolean): ActionResult {
  return {
    booking: { ...booking, status: 'cancelled', version: 2, cancelledBy: 'business' },
    history: [],
    payments: [],
    noShowFee: null,
    onlinePayment: null,
    voucherRedemptions: [],
    audit: [],
    notified,
    refundedPence: 0,
    voucherReturnedPence,
  };
}

function openDialog(answer: ActionResult) {
  const calls = stubApi({ [`POST /api/admin/bookings/${booking.id}/cancel`]: { status: 200, body: answer } });
  renderRoute(
    <>
      <Notifications />
      <CancelDialog
        booking={booking}
        opened
        timeZone="Europe/London"
        emailEnabled
        fullScreen={false}
        onClose={() => {}}
      />
    </>,
    { url: '/manage_bookings' },
  );
  return calls;
}

const payBack = 'Put the £50 paid by gift voucher back onto the voucher';
const cancelCall = (calls: ReturnType<typeof stubApi>) => calls.find((call) => call.method === 'POST');

describe('the owner cancelling a booking paid by gift voucher', () => {
  it('puts the voucher’s part back by default, says so before and after, and offers no Undo', async () => {
    const calls = openDialog(cancelled(5000, true));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('checkbox', { name: payBack })).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'ann@example.com is emailed the cancellation. No money was paid, nothing is paid back. The £50 paid by gift voucher goes back onto the voucher.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    await waitFor(() => expect(cancelCall(calls)?.body).toMatchObject({ refund: true, notifyClient: true }));
    expect(await screen.findByText(/£50 put back on the gift voucher\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('keeps the voucher’s part spent when the owner unticks it, and offers Undo when nothing left the building', async () => {
    const calls = openDialog(cancelled(0, false));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: payBack }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Email the client' }));
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Nobody is emailed. No money was paid, nothing is paid back. The £50 paid by gift voucher stays spent.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    await waitFor(() => expect(cancelCall(calls)?.body).toMatchObject({ refund: false, notifyClient: false }));
    const outcome = await screen.findByText(/cancelled\. Recorded; the client was not emailed\./);
    expect(outcome).not.toHaveTextContent('gift voucher');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('offers to pay back both the money and the voucher’s part when both paid', async () => {
    stubApi({});
    renderRoute(
      <CancelDialog
        booking={{ ...booking, paidPence: 7000 }}
        opened
        timeZone="Europe/London"
        emailEnabled
        fullScreen={false}
        onClose={() => {}}
      />,
      { url: '/manage_bookings' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Pay back the £20 paid and put the £50 paid by gift voucher back onto the voucher',
      }),
    ).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      '£20 is paid back. The £50 paid by gift voucher goes back onto the voucher.',
    );
  });
});

describe('the owner cancelling a booking a course session paid for', () => {
  const paidBySession: AdminBooking = { ...booking, paidPence: 7000, voucherPaidPence: 0, coursePaidPence: 7000 };
  const show = () => {
    stubApi({});
    renderRoute(
      <CancelDialog
        booking={paidBySession}
        opened
        timeZone="Europe/London"
        emailEnabled
        fullScreen={false}
        onClose={() => {}}
      />,
      { url: '/manage_bookings' },
    );
    return screen.findByRole('dialog', { name: 'Cancel this booking?' });
  };

  it('offers the session back, not money nor a voucher, and says it stays used when unticked', async () => {
    const dialog = await show();
    const giveBack = within(dialog).getByRole('checkbox', { name: 'Give the session back to the client’s course' });
    expect(giveBack).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'ann@example.com is emailed the cancellation. No money was paid, nothing is paid back. The session goes back onto the client’s course.',
    );
    expect(within(dialog).getByRole('note')).not.toHaveTextContent(/voucher|£70/);
    fireEvent.click(giveBack);
    expect(within(dialog).getByRole('note')).toHaveTextContent('The session of the client’s course stays used.');
  });
});
