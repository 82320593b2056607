import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingFixture, config, renderPage } from '../test-utils.tsx';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { BookingTerms, emailedYou, insideCutoff } from './booking-terms.tsx';

const now = Date.parse('2026-11-27T09:00:00.000Z');

describe('what a client is told before and after booking', () => {
  it('knows a time inside the change cut-off', () => {
    expect(insideCutoff('2026-11-28T05:00:00.000Z', 24, now)).toBe(true);
    expect(insideCutoff('2026-11-28T10:00:00.000Z', 24, now)).toBe(false);
  });

  it('says a time 20 hours away can no longer be changed online, before the client confirms', () => {
    const soon = new Date(Date.now() + 20 * 3_600_000).toISOString();
    renderPage(<BookingTerms startsAt={soon} config={config} paysOnline={false} />);
    const terms = screen.getByRole('region', { name: 'Before you confirm' });
    expect(terms).toHaveTextContent('Less than 24 hours away');
    expect(terms).toHaveTextContent('cannot be changed or cancelled online');
    expect(terms).toHaveTextContent('Where: Camden, London');
    expect(terms).toHaveTextContent('Payment: at the appointment.');
  });

  it('states the cut-off without a warning for a time further away', () => {
    const later = new Date(Date.now() + 72 * 3_600_000).toISOString();
    renderPage(<BookingTerms startsAt={later} config={config} paysOnline />);
    const terms = screen.getByRole('region', { name: 'Before you confirm' });
    expect(terms).not.toHaveTextContent('Less than');
    expect(terms).toHaveTextContent('online up to 24 hours before it starts.');
    expect(terms).toHaveTextContent('what is asked now is shown below');
  });

  it('never says “we have emailed you” when no mail server is set up', () => {
    expect(emailedYou('the details', true)).toBe('We have emailed you the details.');
    expect(emailedYou('the details', false)).not.toMatch(/email/i);
    renderPage(
      <BookingConfirmation
        booking={bookingFixture()}
        timeZone="Europe/London"
        config={{ ...config, emailEnabled: false }}
      />,
    );
    expect(screen.getByRole('status')).not.toHaveTextContent(/emailed/);
  });
});
