import { type PublicConfig, type PublicReviews, publicConfigSchema, type Service, serviceSchema } from '@app/shared';
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

let answeredConfig: PublicConfig = config;
let answeredReviews: PublicReviews = { reviews: [], summary: null };

beforeEach(() => {
  answeredConfig = config;
  answeredReviews = { reviews: [], summary: null };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/config') return Response.json(answeredConfig);
    if (url === '/api/reviews') return Response.json(answeredReviews);
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

  it('says the owner’s headline, introduction, button and steps, and what clients said with a first name and month', async () => {
    answeredConfig = publicConfigSchema.parse({
      ...config,
      website: {
        ...config.website,
        words: {
          headline: 'Deep rest in Hackney',
          intro: 'Quiet hands, warm oils, no rush.',
          steps: [
            { title: 'Pick your treatment', text: 'One.' },
            { title: 'Choose your hour', text: 'Two.' },
            { title: 'Breathe out', text: 'Three.' },
          ],
          callToAction: 'Find a time',
        },
      },
    });
    answeredReviews = {
      reviews: [
        {
          id: 'r1',
          rating: 5,
          body: 'My shoulders thank you',
          firstName: 'Ada',
          month: '2026-10',
          serviceType: 'swedish',
          reply: 'See you soon, Ada.',
        },
      ],
      summary: null,
    };
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep rest in Hackney' })).toBeInTheDocument();
    expect(screen.getByText('Quiet hands, warm oils, no rush.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a time' })).toHaveAttribute('href', '/book');
    expect(await screen.findByRole('heading', { name: 'Choose your hour' })).toBeInTheDocument();
    const reviews = await screen.findByRole('region', { name: 'What clients say' });
    expect(reviews).toHaveTextContent('“My shoulders thank you”');
    expect(reviews).toHaveTextContent('Ada, October 2026');
    expect(reviews).toHaveTextContent('See you soon, Ada.');
  });

  it('leaves out the reviews section while no review is shown, rather than an empty box', async () => {
    renderHome();
    await screen.findByRole('heading', { name: 'How it works' });
    expect(screen.queryByRole('region', { name: 'What clients say' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Book now' })).toBeInTheDocument();
  });

  it('draws the owner’s cover photo across the top, fetched first and cropped around their focal point', async () => {
    const image = { id: '0b6f4c8e-8a51-4a55-9f0a-4a3c1f1e2d3c', width: 1800, height: 1000, widths: [480, 960, 1600] };
    answeredConfig = publicConfigSchema.parse({
      ...config,
      website: { ...config.website, hero: { image, alt: 'A warm treatment room', focus: { x: 30, y: 70 } } },
    });
    renderHome();
    const cover = await screen.findByRole('img', { name: 'A warm treatment room' });
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('sizes', '100vw');
    expect(cover.style.objectPosition).toBe('30% 70%');
    expect(cover.compareDocumentPosition(screen.getByRole('heading', { level: 1 }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('shows the owner’s map of the area and a link to the maps app under Where', async () => {
    const image = { id: '5d0b5d1e-2f43-4a8b-9a55-0d9f3c1b7e21', width: 900, height: 600, widths: [480, 900] };
    answeredConfig = publicConfigSchema.parse({
      ...config,
      website: { ...config.website, map: { image, link: 'https://maps.app.goo.gl/area' } },
    });
    renderHome();
    const map = await screen.findByRole('img', { name: 'Map of Hackney, London' });
    expect(map.getAttribute('srcset')).toContain(`/api/website/images/${image.id}/480.jpg 480w`);
    expect(screen.getByRole('link', { name: 'Open the area in your maps app' })).toHaveAttribute(
      'href',
      'https://maps.app.goo.gl/area',
    );
  });
});
