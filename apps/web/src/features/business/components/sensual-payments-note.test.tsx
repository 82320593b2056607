import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { SensualPaymentsNote } from './sensual-payments-note.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('why sensual massages ask nothing by card', () => {
  it('says why, links to Stripe’s list, and lists the sensual bookings that took a Stripe deposit before', async () => {
    stubApi({ 'GET /api/config': { status: 200, body: {} } });
    renderRoute(
      <SensualPaymentsNote
        deposits={[
          {
            bookingId: '7d0e4c5e-1a7b-4c44-9a39-5d3a4b1f2e10',
            startsAt: '2026-12-04T14:00:00.000Z',
            clientName: 'Sol Client',
            amountPence: 2500,
            settlement: 'held',
          },
        ]}
      />,
      { url: '/business' },
    );
    const section = within(screen.getByRole('region', { name: 'Sensual massages' }));
    expect(section.getByText('No card payments for sensual massages')).toBeVisible();
    expect(section.getByRole('link', { name: "Read Stripe's list of restricted businesses" })).toHaveAttribute(
      'href',
      'https://stripe.com/legal/restricted-businesses',
    );
    const listed = section.getByRole('list', { name: 'Sensual bookings paid through Stripe' });
    expect(listed).toHaveTextContent('Sol Client: £25.00, still held');
  });

  it('lists nothing when no sensual booking was paid through Stripe', () => {
    stubApi({ 'GET /api/config': { status: 200, body: {} } });
    renderRoute(<SensualPaymentsNote deposits={[]} />, { url: '/business' });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
