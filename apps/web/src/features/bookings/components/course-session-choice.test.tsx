import type { Course, UpfrontAnswer } from '@app/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingFixture, renderPage, stubApi, swedish } from '../test-utils.tsx';
import { BookingConfirmForm } from './booking-confirm-form.tsx';

// A course of sessions on the confirm step (issue 24 part 2, decision 082): a session of a matching course is offered
// ticked, and then nothing is paid: no deposit, no no-show fee, no voucher; unticked, the booking is paid as usual.

afterEach(() => vi.unstubAllGlobals());

/** Stripe on: new clients pay £21 of the £70 Swedish hour, and a no-show fee applies. */
const deposit: UpfrontAnswer = {
  due: { kind: 'deposit', amountPence: 2100 },
  noShowFeePence: 3000,
  currency: 'GBP',
  freeCancellationHours: 24,
};

const course = (over: Partial<Course> = {}): Course => ({
  id: '7d1c7a4e-6a0e-4b53-9d8c-1f1f5d1f2a01',
  clientId: 'u1',
  clientName: 'Sam Client',
  label: '5 × 60 min Swedish massage',
  serviceId: swedish.id,
  serviceName: 'Swedish massage',
  style: 'therapeutic',
  durationMinutes: 60,
  sessions: 5,
  sessionsLeft: 3,
  pricePence: 28000,
  status: 'active',
  soldBy: 'card',
  expiresOn: '2027-06-01',
  createdAt: '2026-11-01T10:00:00.000Z',
  history: [],
  ...over,
});

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
      upfront={deposit}
    />,
  );
}

const posted = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.method === 'POST');

describe('booking with a session of a course', () => {
  it('offers "Use 1 of 3 sessions left" ticked, asks nothing to pay, and books with the course', async () => {
    const calls = stubApi({
      'GET /api/courses': { status: 200, body: [course()] },
      'POST /api/bookings': { status: 201, body: bookingFixture() },
    });
    renderForm();
    const box = await screen.findByRole('checkbox', { name: 'Use 1 of 3 sessions left' });
    expect(box).toBeChecked();
    expect(screen.getByText(/5 × 60 min Swedish massage, valid until/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Gift voucher' })).toBeNull();
    expect(screen.queryByText(/A deposit of £21 is due now/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /charged £30 if I do not come/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]?.body).toMatchObject({ courseId: course().id, noShowFeeConsent: false });
  });

  it('pays as usual when unticked', async () => {
    stubApi({ 'GET /api/courses': { status: 200, body: [course()] } });
    renderForm();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Use 1 of 3 sessions left' }));
    expect(screen.getByText('Not using your course: this booking is paid as usual.')).toBeInTheDocument();
    expect(screen.getByText(/A deposit of £21 is due now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });

  it('offers nothing for another length or a course used up', async () => {
    const calls = stubApi({
      'GET /api/courses': {
        status: 200,
        body: [course({ durationMinutes: 90 }), course({ id: 'other', sessionsLeft: 0, status: 'used_up' })],
      },
    });
    renderForm();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/courses')).toBe(true));
    expect(screen.queryByRole('checkbox', { name: /sessions? left/ })).toBeNull();
  });
});
