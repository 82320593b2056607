import { type Booking, publicConfigSchema } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQuery } from '../../../lib/config/api.ts';
import { bookingFixture, config, stubApi } from '../test-utils.tsx';
import { BookedPanel } from './booked-panel.tsx';

// Stripe.js cannot load in jsdom: the few calls the payment step makes, answered as Stripe.js answers them.
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async () => ({
    elements: (options: unknown) => {
      stripe.elementsOptions.push(options);
      return {
        create: () => ({
          on: (event: string, handler: () => void) => {
            if (event === 'ready') setTimeout(handler, 0);
          },
          mount: () => {},
        }),
      };
    },
    confirmPayment: stripe.confirmPayment,
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  stripe.confirmPayment.mockReset();
});

const awaiting = (): Booking =>
  bookingFixture({
    status: 'awaiting_payment',
    changeableByClient: false,
    payment: {
      kind: 'deposit',
      amountPence: 2000,
      currency: 'GBP',
      status: 'awaiting',
      holdExpiresAt: new Date(Date.now() + 9 * 60_000).toISOString(),
      clientSecret: 'pi_123_secret_abc',
    },
  });

function renderPanel(url = '/book?booked=5f0c3a7e-1111-4222-8333-944455556666') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(
    configQuery.queryKey,
    publicConfigSchema.parse({ ...config, payments: { online: true, publishableKey: 'pk_test_x' } }),
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <BookedPanel
            id="5f0c3a7e-1111-4222-8333-944455556666"
            timeZone="Europe/London"
            locale="en-GB"
            currency="GBP"
            bookAgain={() => {}}
            chooseAnotherTime={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the payment step of a booking awaiting its deposit', () => {
  it('shows Stripe’s message on a decline, stays for a retry, and confirms only once the server says so', async () => {
    let serverStatus: Booking['status'] = 'awaiting_payment';
    stubApi({
      'GET /api/bookings/5f0c3a7e-1111-4222-8333-944455556666': () => ({
        status: 200,
        body: serverStatus === 'awaiting_payment' ? awaiting() : { ...awaiting(), status: serverStatus, payment: null },
      }),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Pay your deposit' })).toBeVisible();
    expect(screen.getByText('We are holding this time for you for 10 minutes.')).toBeVisible();
    expect(stripe.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_123_secret_abc' });

    stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const pay = screen.getByRole('button', { name: 'Pay £20' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pay your deposit' })).toBeVisible();
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        redirect: 'if_required',
        confirmParams: { return_url: expect.stringContaining('/book?booked=5f0c3a7e-1111-4222-8333-944455556666') },
      }),
    );

    // Paid in the page: still not confirmed until the server (Stripe's webhook) says so.
    stripe.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £20' }));
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
    serverStatus = 'confirmed';
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' }, { timeout: 3000 })).toBeVisible();
  });

  it('asks the server after Stripe’s redirect, without loading the payment form again', async () => {
    stubApi({
      'GET /api/bookings/5f0c3a7e-1111-4222-8333-944455556666': [
        { status: 200, body: awaiting() },
        { status: 200, body: { ...awaiting(), status: 'pending', payment: null } },
      ],
    });
    renderPanel('/book?booked=5f0c3a7e-1111-4222-8333-944455556666&payment_intent=pi_123&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Booking requested' }, { timeout: 3000 })).toBeVisible();
  });

  it('says the hold has ended when the server released the time', async () => {
    stubApi({
      'GET /api/bookings/5f0c3a7e-1111-4222-8333-944455556666': {
        status: 200,
        body: { ...awaiting(), status: 'cancelled', payment: { ...awaiting().payment, status: 'cancelled' } },
      },
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'This time is no longer held' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose another time' })).toBeVisible();
  });
});
