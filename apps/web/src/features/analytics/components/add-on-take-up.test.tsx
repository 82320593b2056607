import type { AddOnTakeUp as TakeUp } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { AddOnTakeUp } from './add-on-take-up.tsx';

afterEach(() => vi.unstubAllGlobals());

const range = { from: '2026-07-01', to: '2026-07-31' };

describe('add-on take-up on /analytics', () => {
  it('shows each add-on’s bookings of those it was offered with, its share and what it brought in', async () => {
    const answer: TakeUp = {
      ...range,
      addOns: [
        { id: 'a', name: 'Hot stones', archived: false, taken: 3, offered: 12, revenuePence: 4500 },
        { id: 'b', name: 'Foot balm', archived: true, taken: 1, offered: 4, revenuePence: 800 },
      ],
    };
    const calls = stubApi({ 'GET /api/admin/add-ons/take-up': { status: 200, body: answer } });
    renderRoute(<AddOnTakeUp range={range} locale="en-GB" currency="GBP" />, { url: '/analytics' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Hot stones3 of 1225 %£45');
    expect(rows[2]).toHaveTextContent('Foot balm (archived)1 of 425 %£8');
    expect(calls[0]?.query.get('from')).toBe('2026-07-01');
    expect(calls[0]?.query.get('to')).toBe('2026-07-31');
  });

  it('is not there for a business without add-ons', async () => {
    const calls = stubApi({ 'GET /api/admin/add-ons/take-up': { status: 200, body: { ...range, addOns: [] } } });
    const { container } = renderRoute(<AddOnTakeUp range={range} locale="en-GB" currency="GBP" />, {
      url: '/analytics',
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText('Add-on take-up')).toBeNull());
    expect(container.querySelector('table')).toBeNull();
  });
});
