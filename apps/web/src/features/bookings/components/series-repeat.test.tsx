import { createSeriesResultSchema, seriesPreviewSchema } from '@app/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi, swedish } from '../test-utils.tsx';
import { repeatOf, SeriesPreviewStep } from './series-repeat.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const draft = {
  serviceId: swedish.id,
  durationMinutes: 60,
  startsAt: '2027-10-19T09:00:00.000Z',
  customer: { id: 'client-1' },
  notes: '',
  adultConfirmed: false,
  idempotencyKey: 'series-key-123',
};

const preview = seriesPreviewSchema.parse({
  description: 'Every week on Tuesday at 10:00',
  occurrences: [
    { position: 1, startsAt: '2027-10-19T09:00:00.000Z', status: 'free', message: '' },
    {
      position: 2,
      startsAt: '2027-10-26T09:00:00.000Z',
      status: 'clash',
      message: 'Ann Other, Swedish massage at 10:00',
    },
    { position: 3, startsAt: '2027-11-02T10:00:00.000Z', status: 'free', message: '' },
    { position: 4, startsAt: '2027-11-09T10:00:00.000Z', status: 'free', message: '' },
  ],
});

describe('the dates of a series before booking', () => {
  it('books the ticked free dates only, and says which were not booked', async () => {
    const calls = stubApi({
      'POST /api/admin/series/preview': { status: 200, body: preview },
      'POST /api/admin/series': {
        status: 201,
        body: createSeriesResultSchema.parse({
          seriesId: 'series-1',
          description: 'Every week on Tuesday at 10:00',
          firstBookingId: 'booking-1',
          booked: [{ position: 1, startsAt: '2027-10-19T09:00:00.000Z', bookingId: 'booking-1' }],
          notBooked: [
            { position: 4, startsAt: '2027-11-09T10:00:00.000Z', message: 'Someone has just taken this time.' },
          ],
        }),
      },
    });
    renderPage(
      <SeriesPreviewStep
        draft={draft}
        repeat={{ everyWeeks: 1, count: 4 }}
        timeZone="Europe/London"
        onBack={() => {}}
        onBooked={() => {}}
      />,
    );
    // On the business clock: 10:00 before the clocks go back and after (ICU versions differ on a comma).
    const first = await screen.findByRole('checkbox', { name: /^Tuesday,? 19 October 2027 at 10:00$/ });
    expect(first).toBeChecked();
    const clash = screen.getByRole('checkbox', { name: /^Tuesday,? 26 October 2027 at 10:00$/ });
    expect(clash).not.toBeChecked();
    expect(clash).toBeDisabled();
    expect(screen.getByText('Clashes with: Ann Other, Swedish massage at 10:00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Tuesday,? 2 November 2027 at 10:00$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Book 2 appointments' }));

    expect(await screen.findByText('1 booked: Every week on Tuesday at 10:00')).toBeInTheDocument();
    expect(
      screen.getByText(/^Tuesday,? 9 November 2027 at 10:00: Someone has just taken this time\.$/),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/series');
    expect(sent?.body).toMatchObject({
      repeat: { everyWeeks: 1, count: 4 },
      skip: ['2027-10-26T09:00:00.000Z', '2027-11-02T10:00:00.000Z'],
      idempotencyKey: 'series-key-123',
    });
  });

  it('asks for a count from 2 to 52, or a last date', () => {
    expect(repeatOf({ everyWeeks: '2', ends: 'count', count: 1, until: '' })).toBe('Repeat 2 to 52 times');
    expect(repeatOf({ everyWeeks: '2', ends: 'until', count: 6, until: '' })).toBe('Enter the last date');
    expect(repeatOf({ everyWeeks: '4', ends: 'until', count: 6, until: '2027-12-31' })).toEqual({
      everyWeeks: 4,
      until: '2027-12-31',
    });
  });
});
