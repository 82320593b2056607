import { type PublicConfig, publicConfigSchema, type Service, serviceSchema } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './home-page.tsx';

const config: PublicConfig = publicConfigSchema.parse({
  businessName: 'Calm Hands',
  area: 'Hackney, London',
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  openingHoursText: ['Monday to Friday 10:00–20:00'],
  socialProviders: [],
  analytics: {},
});

const services: Service[] = [
  {
    id: 's1',
    style: 'therapeutic',
    type: 'swedish',
    name: 'Swedish massage',
    description: 'Long strokes.',
    durations: [
      { minutes: 60, pricePence: 6500 },
      { minutes: 90, pricePence: 8950 },
    ],
    active: true,
  },
  {
    id: 's2',
    style: 'sensual',
    type: 'naturist',
    name: 'Naturist massage',
    description: 'Only for flagged visitors.',
    durations: [{ minutes: 60, pricePence: 12000 }],
    active: true,
  },
].map((service) => serviceSchema.parse(service));

function renderHome(path = '/') {
  const router = createMemoryRouter([{ path: '/', Component: HomePage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/config') return Response.json(config);
    // The server filters by the cookie; this stub answers like a server that did not, to prove the page filters too.
    if (url === '/api/services') return Response.json({ services });
    return new Response('not found', { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('home page', () => {
  it('offers the services with durations and prices, a Book now link, opening hours and the area', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Swedish massage' })).toBeInTheDocument();
    expect(screen.getByText('£65')).toBeInTheDocument();
    expect(screen.getByText('£89.50')).toBeInTheDocument();
    expect(screen.getByText('1 h 30 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', '/book');
    expect(await screen.findByText('Monday to Friday 10:00–20:00')).toBeInTheDocument();
    expect(screen.getByText(/Hackney, London/)).toBeInTheDocument();
  });

  it('shows no sensual style without the flag', async () => {
    renderHome();
    await screen.findByRole('heading', { name: 'Swedish massage' });
    expect(document.body.textContent).not.toMatch(/sensual|naturist/i);
  });

  it('shows the sensual style beside the therapeutic one for a flagged visitor', async () => {
    localStorage.setItem('showSensual', 'true');
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Naturist massage' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Therapeutic massage' })).toBeInTheDocument();
  });

  it('opens the terms from ?termsandconditions=true and closing leaves a clean address', async () => {
    const router = renderHome('/?termsandconditions=true');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(dialog).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close' }).click();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
