import { publicConfigSchema } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import YourVisits from './your-visits.tsx';

const config = publicConfigSchema.parse({
  businessName: 'Calm Hands',
  area: 'Hackney, London',
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  openingHoursText: [],
  socialProviders: [],
  analytics: {},
});

const visit = (overrides: object) => ({
  id: 'b1',
  serviceId: 's1',
  serviceName: 'Deep tissue massage',
  style: 'therapeutic',
  type: 'deeptissue',
  durationMinutes: 90,
  pricePence: 10500,
  startsAt: '2026-11-20T10:00:00.000Z',
  endsAt: '2026-11-20T11:30:00.000Z',
  status: 'completed',
  ...overrides,
});

let answer: { upcoming: object[]; past: object[] } = { upcoming: [], past: [] };

function renderVisits() {
  const router = createMemoryRouter([{ path: '/', Component: YourVisits }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/config') return Response.json(config);
    if (url === '/api/bookings') return Response.json(answer);
    return new Response('not found', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a signed-in client’s home', () => {
  it('shows the next appointment and books the last treatment again at its length, on the times step', async () => {
    answer = {
      upcoming: [visit({ id: 'b2', status: 'confirmed', startsAt: '2026-12-04T15:00:00.000Z' })],
      past: [visit({})],
    };
    renderVisits();
    const again = await screen.findByRole('link', { name: 'Book Deep tissue massage, 1 h 30 min again' });
    expect(again).toHaveAttribute('href', '/book?style=therapeutic&type=deeptissue&duration=90&step=time');
    expect(screen.getByRole('region', { name: 'Your visits' })).toHaveTextContent('Next: Deep tissue massage');
    expect(screen.getByRole('region', { name: 'Your visits' })).toHaveTextContent('4 December 2026');
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
  });
});
