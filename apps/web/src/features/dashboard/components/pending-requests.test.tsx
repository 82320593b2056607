import type { AdminBooking } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingRequests } from './pending-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

// Mantine's autosizing textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const request: AdminBooking = {
  id: '5f0c3a7e-1111-4222-8333-944455556666',
  clientId: 'u1',
  clientName: 'Penny Pending',
  clientEmail: 'penny@example.test',
  clientPhone: '+44 7700 900123',
  serviceId: 's1',
  serviceName: 'Sensual massage',
  style: 'sensual',
  type: 'sensual',
  durationMinutes: 60,
  pricePence: 12000,
  paidPence: 0,
  voucherPaidPence: 0,
  coursePaidPence: 0,
  startsAt: '2026-12-02T15:00:00.000Z',
  endsAt: '2026-12-02T16:00:00.000Z',
  status: 'pending',
  version: 1,
  notes: '',
  privateNotes: '',
  source: 'client',
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function stubFetch(status = 200, body: unknown = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderRequests() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <PendingRequests bookings={[request]} timeZone="America/New_York" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PendingRequests', () => {
  it('shows the request on the business clock and approves it with one tap', async () => {
    const calls = stubFetch();
    renderRequests();
    const item = screen.getByRole('listitem', { name: 'Penny Pending' });
    // 15:00 UTC is 10:00 in New York, the zone the server named.
    expect(item).toHaveTextContent('10:00');
    fireEvent.click(within(item).getByRole('button', { name: 'Approve Penny Pending' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Approved: Penny Pending'));
    expect(calls).toContainEqual({ method: 'POST', path: `/api/admin/bookings/${request.id}/approve`, body: {} });
  });

  it('declines only after the owner confirms, sending the reason they typed', async () => {
    const calls = stubFetch();
    renderRequests();
    fireEvent.click(screen.getByRole('button', { name: 'Decline Penny Pending' }));
    expect(calls).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Fully booked that week' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Declined: Penny Pending'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/admin/bookings/${request.id}/decline`,
        body: { reason: 'Fully booked that week' },
      },
    ]);
  });

  it('says why when the server refuses, e.g. a request already decided elsewhere', async () => {
    stubFetch(409, { error: { code: 'CONFLICT', message: 'This booking is confirmed, not waiting for approval.' } });
    renderRequests();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Penny Pending' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking is confirmed, not waiting for approval.');
  });
});
