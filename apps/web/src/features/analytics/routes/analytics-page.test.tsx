import type { BookingsOverTime, ByService, ClientsOverTime, Heatmap, LeadTime, Occupancy, Outcomes } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { AnalyticsPage } from './analytics-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const counts = { pending: 0, confirmed: 1, completed: 3, noShow: 1, cancelled: 2 };
const overTime: BookingsOverTime = {
  bucket: 'month',
  points: [
    { start: '2026-07-01', ...counts, total: 7, revenuePence: 23000 },
    { start: '2026-08-01', ...counts, total: 7, revenuePence: 7000 },
  ],
  totals: { pending: 0, confirmed: 2, completed: 6, noShow: 2, cancelled: 4, total: 14, revenuePence: 30000 },
};
const byService: ByService = {
  services: [
    { style: 'therapeutic', type: 'swedish', name: 'Swedish massage', bookings: 4, completed: 3, revenuePence: 14000 },
  ],
  byStyle: [{ style: 'therapeutic', bookings: 4, revenuePence: 14000 }],
};
const occupancy: Occupancy = {
  bucket: 'month',
  points: [{ start: '2026-07-01', bookedMinutes: 600, openMinutes: 6000, rate: 0.1 }],
  overall: { bookedMinutes: 600, openMinutes: 6000, rate: 0.1 },
};
const outcomes: Outcomes = {
  bookings: 14,
  completed: 6,
  noShows: 2,
  cancelledByClient: 3,
  cancelledByBusiness: 1,
  clientCancellationRate: 3 / 14,
  businessCancellationRate: 1 / 14,
  noShowRate: 0.25,
};
const clients: ClientsOverTime = {
  bucket: 'month',
  points: [{ start: '2026-07-01', new: 2, returning: 1 }],
  totals: { new: 2, returning: 1 },
};
const leadTime: LeadTime = {
  bands: [
    { band: 'same_day', bookings: 1 },
    { band: '1_2', bookings: 2 },
    { band: '3_7', bookings: 0 },
    { band: '8_14', bookings: 0 },
    { band: '15_30', bookings: 0 },
    { band: 'over_30', bookings: 0 },
  ],
  bookings: 3,
  medianDays: 1.5,
};
const heatmap: Heatmap = {
  cells: Array.from({ length: 7 * 24 }, (_, index) => ({
    weekday: Math.floor(index / 24) + 1,
    hour: index % 24,
    bookings: index === 4 * 24 + 0 ? 2 : 0, // Friday 00:00
  })),
  max: 2,
};

function stubAnalytics() {
  return stubApi({
    'GET /api/config': {
      status: 200,
      body: { timeZone: 'Europe/London', currency: 'GBP', locale: 'en-GB', analytics: {} },
    },
    'GET /api/admin/analytics/bookings-over-time': { status: 200, body: overTime },
    'GET /api/admin/analytics/by-service': { status: 200, body: byService },
    'GET /api/admin/analytics/occupancy': { status: 200, body: occupancy },
    'GET /api/admin/analytics/outcomes': { status: 200, body: outcomes },
    'GET /api/admin/analytics/clients': { status: 200, body: clients },
    'GET /api/admin/analytics/lead-time': { status: 200, body: leadTime },
    'GET /api/admin/analytics/heatmap': { status: 200, body: heatmap },
  });
}

describe('AnalyticsPage', () => {
  it('asks every chart for the period in the address and shows the figures above them', async () => {
    const calls = stubAnalytics();
    renderRoute(<AnalyticsPage />, { url: '/analytics?range=custom&from=2026-07-01&to=2026-08-31&bucket=month' });

    const cards = await screen.findByRole('list', { name: 'Figures for the period' });
    const card = (label: string) => within(cards).getByText(label).closest('li') as HTMLElement;
    await waitFor(() => expect(card('Bookings')).toHaveTextContent('10'));
    expect(card('Bookings')).toHaveTextContent('4 cancelled');
    expect(card('Revenue')).toHaveTextContent('£300');
    await waitFor(() => expect(card('Occupancy')).toHaveTextContent('10%'));
    await waitFor(() => expect(card('No-shows')).toHaveTextContent('25%'));
    await waitFor(() => expect(card('Booked ahead')).toHaveTextContent('1.5 days'));
    expect(screen.getByTestId('range-text')).toHaveTextContent('1 Jul 2026 – 31 Aug 2026');

    const asked = calls.filter((call) => call.path.startsWith('/api/admin/analytics/'));
    for (const call of asked) {
      expect(call.query.get('from')).toBe('2026-07-01');
      expect(call.query.get('to')).toBe('2026-08-31');
    }
    expect(asked.find((call) => call.path.endsWith('/occupancy'))?.query.get('bucket')).toBe('month');

    const grid = await screen.findByRole('table', { name: /^Bookings by weekday and hour; busiest: Friday at 00:00/ });
    const midnight = within(grid).getByRole('row', { name: /^00:00/ });
    expect(within(midnight).getAllByRole('cell')[4]).toHaveTextContent('2');
  });

  it('writes a chosen preset and bucket to the address', async () => {
    stubAnalytics();
    renderRoute(<AnalyticsPage />, { url: '/analytics' });
    const url = () => screen.getByTestId('current-url').textContent;

    fireEvent.click(await screen.findByRole('radio', { name: 'Last year' }));
    await waitFor(() => expect(url()).toBe('/analytics?range=lastYear'));
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(url()).toBe('/analytics?range=lastYear&bucket=month'));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    await waitFor(() =>
      expect(url()).toMatch(/^\/analytics\?range=custom&bucket=month&from=\d{4}-01-01&to=\d{4}-12-31$/),
    );
    expect(screen.getByRole('button', { name: 'Dates' })).toBeVisible();
  });
});
