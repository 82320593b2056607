import {
  type AdminBooking,
  type BackupStatus,
  backupStatusSchema,
  type Dashboard,
  type PeriodFigures,
  type SetupStatus,
  setupStatusSchema,
  takingsSchema,
} from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2026-11-27';
const noFigures: PeriodFigures = { bookings: 0, revenuePence: 0, occupancy: 0, cancellations: 0, noShows: 0 };
const allWell: BackupStatus = backupStatusSchema.parse({
  lastSuccessAt: '2026-11-27T02:30:00.000Z',
  overdue: false,
  lastError: null,
  warning: null,
  warningHidden: false,
});

const unpaidToday: AdminBooking = {
  id: '5f0c3a7e-1111-4222-8333-944455556666',
  clientId: 'u1',
  clientName: 'Tia Today',
  clientEmail: 'tia@example.test',
  clientPhone: null,
  serviceId: 's1',
  serviceName: 'Swedish massage',
  style: 'therapeutic',
  type: 'swedish',
  durationMinutes: 60,
  pricePence: 7000,
  paidPence: 0,
  voucherPaidPence: 0,
  coursePaidPence: 0,
  startsAt: '2026-11-27T16:00:00.000Z',
  endsAt: '2026-11-27T17:00:00.000Z',
  status: 'confirmed',
  version: 1,
  notes: '',
  privateNotes: '',
  source: 'admin',
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function board(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: TODAY,
    timeZone: 'Europe/London',
    hour: 9,
    timeline: [],
    pending: [],
    figures: { week: noFigures, previousWeek: noFigures, month: noFigures, previousMonth: noFigures },
    takings: takingsSchema.parse({ date: TODAY, totalPence: 0, byWay: [] }),
    newCustomers: [],
    failedEmails: [],
    backup: allWell,
    staleCalendars: [],
    ...overrides,
  };
}

const setupOf = (dismissed: boolean, done: string[]): SetupStatus =>
  setupStatusSchema.parse({
    steps: [
      { id: 'contact', label: 'Business phone and address', done: done.includes('contact'), to: '/business' },
      { id: 'hours', label: 'Opening hours', done: done.includes('hours'), to: '/availability' },
      { id: 'prices', label: 'Prices', done: done.includes('prices'), to: '/availability' },
      { id: 'email', label: 'Email (mail server)', done: done.includes('email'), to: '/emails' },
      { id: 'vat', label: 'VAT', done: done.includes('vat'), to: '/invoices' },
    ],
    dismissed,
    emailEnabled: true,
    emailsKept: 0,
  });
const everyStepDone = setupOf(false, ['contact', 'hours', 'prices', 'email', 'vat']);

describe('the owner’s morning view', () => {
  it('shows the money taken today, by way of payment, beside what today’s appointments still owe', async () => {
    stubApi({
      'GET /api/admin/dashboard': {
        status: 200,
        body: board({
          timeline: [unpaidToday],
          takings: takingsSchema.parse({
            date: TODAY,
            totalPence: 13500,
            byWay: [
              { way: 'cash', pence: -1500 },
              { way: 'card', pence: 12000 },
              { way: 'bank_transfer', pence: 3000 },
            ],
          }),
        }),
      },
      'GET /api/admin/setup': { status: 200, body: everyStepDone },
    });
    renderRoute(<DashboardPage />, { url: '/dashboard' });
    const today = await screen.findByRole('region', { name: 'Your day' });
    expect(within(today).getByText(/Taken today:/)).toHaveTextContent('Taken today: £135');
    expect(within(today).getByText('-£15 cash · £120 card · £30 bank transfer')).toBeInTheDocument();
    expect(within(today).getByText(/Still to take:/)).toHaveTextContent('Still to take: £70');
    // Nothing to sort out: no banner, only the quiet line about the last backup.
    expect(screen.queryByRole('region', { name: 'Still to sort out' })).toBeNull();
    expect(screen.getByText('Last backup: Fri 27 Nov, 02:30')).toBeInTheDocument();
  });

  it('says £0 taken on a day with no money in yet, with no breakdown', async () => {
    stubApi({
      'GET /api/admin/dashboard': { status: 200, body: board() },
      'GET /api/admin/setup': { status: 200, body: everyStepDone },
    });
    renderRoute(<DashboardPage />, { url: '/dashboard' });
    const today = await screen.findByRole('region', { name: 'Your day' });
    expect(within(today).getByText(/Taken today:/)).toHaveTextContent('Taken today: £0');
    expect(within(today).queryByText(/cash|card|bank transfer/)).toBeNull();
  });
});

describe('the banner of things still to sort out', () => {
  const noBackupYet = backupStatusSchema.parse({
    lastSuccessAt: null,
    overdue: true,
    lastError: null,
    warning: 'overdue since never',
    warningHidden: false,
  });

  it('gathers the setup steps left and the backup warning, and hides both with one tap', async () => {
    const calls = stubApi({
      'GET /api/admin/dashboard': [
        { status: 200, body: board({ backup: noBackupYet }) },
        { status: 200, body: board({ backup: { ...noBackupYet, warningHidden: true } }) },
      ],
      'GET /api/admin/setup': [
        { status: 200, body: setupOf(false, ['contact', 'email']) },
        { status: 200, body: setupOf(true, ['contact', 'email']) },
      ],
      'POST /api/admin/setup/dismiss': { status: 204 },
      'POST /api/admin/dashboard/backup-warning/hide': { status: 204 },
    });
    renderRoute(<DashboardPage />, { url: '/dashboard' });
    const banner = await screen.findByRole('region', { name: 'Still to sort out' });
    expect(banner).toHaveTextContent('There is no backup of your bookings and books yet.');
    expect(banner).toHaveTextContent('ask whoever looks after your server');
    expect(banner).not.toHaveTextContent(/npm|cli|run /);
    expect(banner).toHaveTextContent('Finish setting up your business (2 of 5 done)');
    expect(within(banner).getByRole('link', { name: 'Opening hours' })).toHaveAttribute('href', '/availability');
    expect(within(banner).queryByRole('link', { name: 'Email (mail server)' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Hide these notes' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Still to sort out' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/admin/setup/dismiss', body: undefined },
      { path: '/api/admin/dashboard/backup-warning/hide', body: { warning: 'overdue since never' } },
    ]);
    // The owner can still read when the last backup was, in a quiet line.
    expect(screen.getByText('No backup has been made yet.')).toBeInTheDocument();
  });

  it('tells a failed backup in the owner’s words, with the reason to pass on', async () => {
    stubApi({
      'GET /api/admin/dashboard': {
        status: 200,
        body: board({
          backup: backupStatusSchema.parse({
            lastSuccessAt: '2026-11-25T02:30:00.000Z',
            overdue: false,
            lastError: 'pg_dump failed: server version mismatch',
            warning: 'failed 2026-11-27T02:30:00.000Z',
            warningHidden: false,
          }),
        }),
      },
      'GET /api/admin/setup': { status: 200, body: setupOf(true, []) },
    });
    renderRoute(<DashboardPage />, { url: '/dashboard' });
    const banner = await screen.findByRole('region', { name: 'Still to sort out' });
    expect(banner).toHaveTextContent('The last backup did not work. Your last good copy is from Wed 25 Nov, 02:30.');
    expect(banner).toHaveTextContent('What to tell them: pg_dump failed: server version mismatch');
    // The checklist was hidden before: only the backup is in the banner.
    expect(banner).not.toHaveTextContent('Finish setting up');
  });

  it('says when a backup is more than two days late', async () => {
    stubApi({
      'GET /api/admin/dashboard': {
        status: 200,
        body: board({
          backup: backupStatusSchema.parse({
            lastSuccessAt: '2026-11-23T02:30:00.000Z',
            overdue: true,
            lastError: null,
            warning: 'overdue since 2026-11-23T02:30:00.000Z',
            warningHidden: false,
          }),
        }),
      },
      'GET /api/admin/setup': { status: 200, body: everyStepDone },
    });
    renderRoute(<DashboardPage />, { url: '/dashboard' });
    const banner = await screen.findByRole('region', { name: 'Still to sort out' });
    expect(banner).toHaveTextContent(
      'No backup for more than two days. The last copy of your bookings and books is from Mon 23 Nov, 02:30.',
    );
  });
});
