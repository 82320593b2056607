import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, bookingFixture, renderPage, sensual, slotsFixture, stubApi, swedish } from '../test-utils.tsx';
import { BookPage } from './book-page.tsx';

const session = vi.hoisted(() => ({
  user: { id: 'u1', name: 'Sam Client', email: 'sam@example.test', phone: null } as {
    id: string;
    name: string;
    email: string;
    phone: string | null;
  } | null,
}));
vi.mock('../../../lib/session.ts', () => ({
  SESSION_POLL_SECONDS: 10,
  refetchSession: vi.fn(),
  startSession: vi.fn(),
  useCurrentUser: () => ({
    user: session.user,
    role: session.user ? 'user' : null,
    isPending: false,
    error: null,
    refetch: vi.fn(),
  }),
}));

const slot = '2026-12-02T10:00:00.000Z';
const later = '2026-12-02T11:30:00.000Z';
const bookUrl = `/book?style=therapeutic&type=swedish&duration=60&slot=${encodeURIComponent(slot)}`;
const slotsAnswer = {
  status: 200,
  body: slotsFixture([{ date: '2026-12-02', slots: [slot, '2026-12-02T10:15:00.000Z', later] }]),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
  session.user = { id: 'u1', name: 'Sam Client', email: 'sam@example.test', phone: null };
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/bookings');
const keyOf = (call: ApiCall | undefined) => (call?.body as { idempotencyKey?: string } | undefined)?.idempotencyKey;
const url = () => new URLSearchParams(screen.getByTestId('current-url').textContent?.split('?')[1] ?? '');
const confirmUrl = `${bookUrl}&step=confirm`;

function rememberDetails(phone = '+44 7700 900123') {
  sessionStorage.setItem('book.details', JSON.stringify({ name: 'Sam Client', phone, notes: '' }));
}

describe('BookPage on a phone, one step per screen', () => {
  it('walks from the treatment in the address to a confirmed booking, each step in the address', async () => {
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': {
        status: 201,
        body: bookingFixture({ startsAt: later, endsAt: '2026-12-02T12:30:00.000Z', address: '12 Example Street' }),
      },
    });
    renderPage(<BookPage />, { url: '/book?style=therapeutic&type=swedish' });

    expect(await screen.findByRole('heading', { name: 'Length' })).toBeVisible();
    expect(screen.getByText('Step 2 of 6')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Swedish massage' })).toBeNull();
    const bar = await screen.findByRole('region', { name: 'Your choice' });
    expect(bar).toHaveTextContent('Swedish massage');
    expect(bar).toHaveTextContent('from £70');
    // The keyboard only chooses a length (WCAG 3.2.2); a tap chooses and moves on.
    const longer = await screen.findByRole('radio', { name: '1 h 30 min, £95' });
    fireEvent.keyDown(longer, { key: 'ArrowDown' });
    fireEvent.click(longer);
    await waitFor(() => expect(url().get('duration')).toBe('90'));
    expect(url().get('step')).toBe('length');
    expect(screen.getByRole('heading', { name: 'Length' })).toBeVisible();
    const hour = screen.getByRole('radio', { name: '1 h, £70' });
    fireEvent.pointerDown(hour);
    fireEvent.click(hour);
    expect(url().get('step')).toBe('day');
    expect(await screen.findByRole('heading', { name: 'Day' })).toBeVisible();
    expect(bar).toHaveTextContent('Swedish massage, 1 h');
    expect(bar).toHaveTextContent('£70');

    // The first day with free times is chosen for the client.
    const day = await screen.findByRole('button', { name: /^Wednesday,? 2 December 2026$/ });
    await waitFor(() => expect(url().get('day')).toBe('2026-12-02'));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    fireEvent.click(day);
    expect(url().get('step')).toBe('time');
    expect(await screen.findByRole('heading', { name: 'Time' })).toBeVisible();

    const times = await screen.findByRole('group', { name: 'Free times' });
    const morning = within(times).getByRole('group', { name: 'Morning' });
    expect(
      within(morning)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['10:00', '10:15', '11:30']);
    fireEvent.click(within(morning).getByRole('button', { name: '11:30' }));
    // The next step's code may still be loading: the address changes with the screen.
    await waitFor(() => expect(url().get('slot')).toBe(later));
    expect(url().get('step')).toBe('details');

    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Sam Client');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/phone/i, { selector: '.mantine-InputWrapper-error' })).toBeVisible();
    expect(url().get('step')).toBe('details');
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+44 7700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(url().get('step')).toBe('confirm'));

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Confirmed');
    expect(screen.getByText(/Address: 12 Example Street/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Example%20Street',
    );
    expect(screen.getByRole('heading', { name: 'What to bring' })).toBeVisible();
    expect(screen.getByText(/up to 24 hours before it starts/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/bookings/${bookingFixture().id}/calendar.ics`,
    );
    const [sent] = posts(calls);
    expect(Object.keys(sent?.body as object).sort()).toEqual(
      [
        'adultConfirmed',
        'durationMinutes',
        'idempotencyKey',
        'name',
        'noShowFeeConsent',
        'notes',
        'phone',
        'serviceId',
        'startsAt',
      ].sort(),
    );
    expect(sent?.body).toMatchObject({
      serviceId: swedish.id,
      durationMinutes: 60,
      startsAt: later,
      name: 'Sam Client',
      // No no-show fee here: never agreed for the client.
      noShowFeeConsent: false,
    });
  });

  it('opens a shared link on its step, and offers the next free day when a day has no times', async () => {
    stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': {
        status: 200,
        body: slotsFixture([
          { date: '2026-12-03', slots: [] },
          { date: '2026-12-04', slots: ['2026-12-04T18:00:00.000Z'] },
        ]),
      },
    });
    renderPage(<BookPage />, { url: '/book?style=therapeutic&type=swedish&duration=60&day=2026-12-03&step=time' });
    expect(await screen.findByRole('heading', { name: 'Time' })).toBeVisible();
    expect(await screen.findByText('No free times this day')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: /^Show Friday,? 4 December 2026$/ }));
    expect(url().get('day')).toBe('2026-12-04');
    const evening = await screen.findByRole('group', { name: 'Evening' });
    expect(within(evening).getByRole('button', { name: '18:00' })).toBeVisible();
  });

  it('falls back to the first open choice when a link asks for a step too far ahead', async () => {
    stubApi({ 'GET /api/services': { status: 200, body: { services: [swedish] } }, 'GET /api/slots': slotsAnswer });
    renderPage(<BookPage />, { url: '/book?style=therapeutic&type=swedish&step=confirm' });
    expect(await screen.findByRole('heading', { name: 'Length' })).toBeVisible();
  });

  it('retries after a network failure with the same idempotency key, so one booking is made', async () => {
    rememberDetails();
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': [new TypeError('Failed to fetch'), { status: 201, body: bookingFixture() }],
    });
    renderPage(<BookPage />, { url: confirmUrl });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmed');
    const [first, second] = posts(calls);
    expect(posts(calls)).toHaveLength(2);
    expect(keyOf(first)).toEqual(expect.any(String));
    expect(keyOf(second)).toBe(keyOf(first));
  });

  it('offers the nearest free times when the time was just taken, and books the one chosen', async () => {
    rememberDetails();
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': [
        {
          status: 409,
          body: {
            error: {
              code: 'SLOT_UNAVAILABLE',
              message: 'Someone has just taken this time. Please choose another.',
              details: { alternatives: ['2026-12-02T10:15:00.000Z', later] },
            },
          },
        },
        { status: 201, body: bookingFixture({ startsAt: later }) },
      ],
    });
    renderPage(<BookPage />, { url: confirmUrl });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone has just taken this time.');
    const offered = within(screen.getByRole('group', { name: 'Other free times' })).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual([
      expect.stringMatching(/2 December 2026.*10:15/),
      expect.stringMatching(/2 December 2026.*11:30/),
    ]);
    fireEvent.click(offered[1] as HTMLElement);
    expect(url().get('slot')).toBe(later);
    expect(url().get('step')).toBe('confirm');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmed');
    const [first, second] = posts(calls);
    expect(second?.body).toMatchObject({ startsAt: later });
    // A new time is a new attempt.
    expect(keyOf(second)).toEqual(expect.any(String));
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('tells a blocked client the server’s message and how to reach the business', async () => {
    rememberDetails();
    stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': {
        status: 403,
        body: {
          error: {
            code: 'CLIENT_BLOCKED',
            message: 'We cannot take this booking online. Please get in touch with us by phone or email.',
          },
        },
      },
    });
    renderPage(<BookPage />, { url: confirmUrl });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please get in touch with us by phone or email.');
    expect(alert).toHaveTextContent('Test Massage, Camden, London');
    // Neither a phone nor an email is set: a way to act on, never an empty 'call us'.
    expect(alert).toHaveTextContent('Please reply to your booking confirmation email and we will gladly help.');
  });

  it('says a new client’s sensual booking is a request, from the button to the confirmation', async () => {
    localStorage.setItem('showSensual', 'true');
    rememberDetails();
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish, sensual] } },
      'GET /api/slots': slotsAnswer,
      'GET /api/bookings/approval': { status: 200, body: { approvalRequired: true } },
      'POST /api/bookings': {
        status: 201,
        body: bookingFixture({ serviceId: sensual.id, serviceName: sensual.name, style: 'sensual', status: 'pending' }),
      },
    });
    renderPage(<BookPage />, {
      url: `/book?style=sensual&type=sensual&slot=${encodeURIComponent(slot)}&step=confirm`,
    });
    expect(await screen.findByText('This booking needs our approval')).toBeVisible();
    expect(screen.getByText(/We usually answer within a few hours/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByText('Please confirm that you are 18 or over.')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm I am 18 or over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Requested');
    expect(screen.queryByText(/Confirmed/)).toBeNull();
    expect(screen.queryByText(/Address:/)).toBeNull();
    expect(posts(calls)[0]?.body).toMatchObject({ serviceId: sensual.id, adultConfirmed: true });
  });

  it('hides sensual treatments from a visitor without the flag', async () => {
    stubApi({ 'GET /api/services': { status: 200, body: { services: [swedish, sensual] } } });
    renderPage(<BookPage />, { url: '/book?style=sensual&type=sensual' });
    expect(await screen.findByRole('heading', { name: 'Swedish massage' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sensual massage' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Style' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide private treatments' })).toBeNull();
  });

  it('hides private treatments again on this device when asked', async () => {
    localStorage.setItem('showSensual', 'true');
    stubApi({ 'GET /api/services': { status: 200, body: { services: [swedish, sensual] } } });
    renderPage(<BookPage />, { url: '/book?style=sensual' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Sensual massage' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Hide private treatments' }));
    expect(await screen.findByRole('heading', { name: 'Swedish massage' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 3, name: 'Sensual massage' })).toBeNull();
    expect(localStorage.getItem('showSensual')).toBeNull();
    expect(url().get('style')).toBe('therapeutic');
  });

  it('asks a visitor who is not signed in to sign in or create an account, keeping the chosen time', async () => {
    session.user = null;
    stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
    });
    renderPage(<BookPage />, { url: bookUrl });
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Your choice' })).toHaveTextContent(/Wed,? 2 Dec,? 10:00/);
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });
});
