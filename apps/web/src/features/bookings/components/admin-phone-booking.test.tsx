import type { AdminBooking, CustomerRow } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { swedish } from '../test-utils.tsx';
import { AdminPhoneBooking } from './admin-phone-booking.tsx';

afterEach(() => vi.unstubAllGlobals());

// Two clients called Anna Smith: one at home, a regular who came on 3 November; one from work, never yet.
type Client = { id: string; email: string; phone: string | null };
const home: Client = { id: 'c-home', email: 'anna@home.example', phone: null };
const work: Client = { id: 'c-work', email: 'anna.smith@work.example', phone: '+44 7700 900526' };

function booking(client: Client, status: AdminBooking['status'], startsAt: string, n: number): AdminBooking {
  return {
    id: `b-${client.id}-${n}`,
    clientId: client.id,
    clientName: 'Anna Smith',
    clientEmail: client.email,
    clientPhone: client.phone,
    serviceId: swedish.id,
    serviceName: swedish.name,
    style: 'therapeutic',
    type: 'swedish',
    durationMinutes: 60,
    pricePence: 7000,
    paidPence: 0,
    voucherPaidPence: 0,
    coursePaidPence: 0,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    status,
    version: 1,
    notes: '',
    privateNotes: '',
    source: 'admin',
    cancelledBy: null,
    cancelReason: null,
    createdAt: '2026-10-01T10:00:00.000Z',
  };
}

function customer(client: Client, lastVisit: string | null): CustomerRow {
  return {
    ...client,
    name: 'Anna Smith',
    policy: 'new',
    tags: [],
    bookings: lastVisit ? 3 : 1,
    spendPence: 0,
    lastVisit,
    noShows: 0,
    createdAt: '2026-09-01T10:00:00.000Z',
  };
}

function openPhoneBooking() {
  const calls = stubApi({
    'GET /api/admin/services': { status: 200, body: { services: [swedish] } },
    'GET /api/admin/bookings': {
      status: 200,
      body: {
        total: 3,
        bookings: [
          booking(work, 'confirmed', '2026-12-10T10:00:00.000Z', 1),
          booking(home, 'confirmed', '2026-12-08T10:00:00.000Z', 2),
          // 23:30 UTC on 2 November is 3 November on a clock in Auckland, the business's zone here.
          booking(home, 'completed', '2026-11-02T23:30:00.000Z', 1),
        ],
      },
    },
    'GET /api/admin/customers': {
      status: 200,
      body: { total: 2, customers: [customer(home, '2026-11-02T23:30:00.000Z'), customer(work, null)] },
    },
  });
  renderRoute(
    <AdminPhoneBooking opened onClose={() => {}} onBooked={() => {}} timeZone="Pacific/Auckland" fullScreen />,
    { url: '/manage_bookings' },
  );
  return calls;
}

describe('the phone booking’s clients of the same name', () => {
  it('tells two regular clients called Anna Smith apart by their email and last visit, chosen with one tap', async () => {
    openPhoneBooking();
    const regulars = await screen.findByRole('group', { name: 'Regular clients' });
    const annas = within(regulars).getAllByRole('button', { name: /^Anna Smith/ });
    expect(annas.map((button) => button.textContent)).toEqual([
      'Anna Smithanna@home.example · last visit 3 Nov 2026',
      'Anna Smithanna.smith@work.example',
    ]);

    fireEvent.click(within(regulars).getByRole('button', { name: /anna\.smith@work\.example/ }));
    expect(within(regulars).getByRole('button', { name: /anna\.smith@work\.example/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(regulars).getByRole('button', { name: /anna@home\.example/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('tells the matches of a search apart the same way, with the phone the search may have found', async () => {
    const calls = openPhoneBooking();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Find a customer' }), {
      target: { value: 'Anna' },
    });
    const matches = await screen.findByRole('radiogroup', { name: 'Matching customers' });
    const radios = await within(matches).findAllByRole('radio', { name: 'Anna Smith' });
    expect(radios).toHaveLength(2);
    expect(radios[0]).toHaveAccessibleDescription('anna@home.example · last visit 3 Nov 2026');
    expect(radios[1]).toHaveAccessibleDescription('anna.smith@work.example · +44 7700 900526');
    expect(calls.find((call) => call.path === '/api/admin/customers')?.query.get('q')).toBe('Anna');
  });
});
