import type { UpfrontAnswer } from '@app/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingFixture, renderPage, stubApi, swedish } from '../test-utils.tsx';
import { BookingConfirmForm } from './booking-confirm-form.tsx';

// The no-show fee's consent (issue 13): an unticked box with the fee and the rule in words; no booking without it.

const upfront: UpfrontAnswer = {
  due: { kind: 'none' },
  noShowFeePence: 3000,
  currency: 'GBP',
  freeCancellationHours: 24,
};

function renderForm() {
  return renderPage(
    <BookingConfirmForm
      serviceId={swedish.id}
      durationMinutes={60}
      startsAt="2026-12-02T15:00:00.000Z"
      sensual={false}
      approvalRequired={false}
      timeZone="Europe/London"
      locale="en-GB"
      defaults={{ name: 'Sam Client', phone: '+44 7700 900123' }}
      contact="Call us"
      onBooked={() => {}}
      onChooseAlternative={() => {}}
      onEditDetails={() => {}}
      summary={null}
      bar={(button) => button}
      upfront={upfront}
    />,
  );
}

describe('confirming a booking under a no-show fee', () => {
  it('asks for the consent unticked, refuses to book without it, and sends it once ticked', async () => {
    const calls = stubApi({ 'POST /api/bookings': { status: 201, body: bookingFixture() } });
    renderForm();
    const consent = screen.getByRole('checkbox', { name: /charged £30 if I do not come/ });
    expect(consent).not.toBeChecked();
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm your booking' }));
    expect(await screen.findByText(/needs your agreement to the no-show fee/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(consent);
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm your booking' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ noShowFeeConsent: true });
  });
});
