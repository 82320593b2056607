import {
  type Booking,
  bookingSchema,
  type PublicConfig,
  publicConfigSchema,
  type Service,
  type SlotsResponse,
  serviceSchema,
} from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { configQuery } from '../../lib/config/api.ts';

// jsdom lacks the layout APIs Mantine's calendar and modals read.
Element.prototype.scrollIntoView ??= () => {};
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

export const config: PublicConfig = publicConfigSchema.parse({
  businessName: 'Test Massage',
  area: 'Camden, London',
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  openingHoursText: [],
  // A business with a mail server: the client is told what was emailed (without one, booking-terms.test.tsx).
  emailEnabled: true,
  socialProviders: [],
  analytics: {},
});

export const swedish: Service = serviceSchema.parse({
  id: '0b9d8a4e-4a3c-4c1e-9a55-2f6f2d1a0001',
  style: 'therapeutic',
  type: 'swedish',
  name: 'Swedish massage',
  description: 'Long, flowing strokes.',
  durations: [
    { minutes: 60, pricePence: 7000 },
    { minutes: 90, pricePence: 9500 },
  ],
  active: true,
});

export const sensual: Service = serviceSchema.parse({
  id: '0b9d8a4e-4a3c-4c1e-9a55-2f6f2d1a0002',
  style: 'sensual',
  type: 'sensual',
  name: 'Sensual massage',
  description: 'For adults.',
  durations: [{ minutes: 60, pricePence: 12000 }],
  active: true,
});

export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return bookingSchema.parse({
    id: '5f0c3a7e-1111-4222-8333-944455556666',
    serviceId: swedish.id,
    serviceName: swedish.name,
    style: 'therapeutic',
    type: 'swedish',
    durationMinutes: 60,
    pricePence: 7000,
    startsAt: '2026-12-02T15:00:00.000Z',
    endsAt: '2026-12-02T16:00:00.000Z',
    status: 'confirmed',
    version: 1,
    clientName: 'Sam Client',
    clientPhone: '+44 7700 900123',
    notes: '',
    cancelledBy: null,
    cancelReason: null,
    address: null,
    changeableByClient: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function slotsFixture(days: SlotsResponse['days'], timeZone = 'Europe/London'): SlotsResponse {
  return { timeZone, days };
}

// The network stub is the shared one, so every feature's tests answer fetch the same way.
export { type ApiCall, stubApi } from '../../test/api-stub.tsx';

function CurrentUrl() {
  const location = useLocation();
  return <div data-testid="current-url">{`${location.pathname}${location.search}`}</div>;
}

export function renderPage(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(configQuery.queryKey, config);
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <CurrentUrl />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
