import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingFixture, renderPage } from '../test-utils.tsx';
import { BookingConfirmation } from './booking-confirmation.tsx';

describe('the booking confirmation', () => {
  it('says what a gift voucher paid towards the booking', () => {
    renderPage(<BookingConfirmation booking={bookingFixture({ voucherPaidPence: 5000 })} timeZone="Europe/London" />);
    expect(screen.getByText('£50 paid by gift voucher')).toBeVisible();
  });

  it('says nothing of vouchers when none paid', () => {
    renderPage(<BookingConfirmation booking={bookingFixture()} timeZone="Europe/London" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    expect(screen.queryByText(/gift voucher/)).toBeNull();
  });
});
