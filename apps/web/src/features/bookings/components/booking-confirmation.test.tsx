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

  it('names the add-ons taken and says the whole length, their minutes in', () => {
    const addOns = [
      { addOnId: 'a1', name: 'Hot stones', minutes: 15, pricePence: 1500 },
      { addOnId: 'a2', name: 'Aromatherapy oil', minutes: 0, pricePence: 500 },
    ];
    renderPage(<BookingConfirmation booking={bookingFixture({ pricePence: 9000, addOns })} timeZone="Europe/London" />);
    expect(screen.getByText(/^Swedish massage, 1 h 15 min, £90/)).toBeVisible();
    expect(screen.getByText('With Hot stones and Aromatherapy oil')).toBeVisible();
  });
});
