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

async function fillPhoneAndConfirm(phone = '+44 7700 900123') {
  // The details form loads with its step.
  fireEvent.change(await screen.findByLabelText(/^Phone/, undefined, { timeout: 5000 }), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
}

describe('BookPage', () => {
  it('walks from the treatment in the address to a confirmed booking of the chosen time', async () => {
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': {
        status: 201,
        body: bookingFixture({ startsAt: later, endsAt: '2026-12-02T12:30:00.000Z' }),
      },
    });
    renderPage(<BookPage />, { url: '/book?style=therapeutic&type=swedish' });

    const chosen = (await screen.findByRole('heading', { name: 'Swedish massage' })).closest('article');
    expect(chosen).toHaveAttribute('aria-current', 'true');
    fireEvent.click(await screen.findByRole('radio', { name: '1 h, £70' }, { timeout: 5000 }));
    const day = await screen.findByRole('button', { name: /^Wednesday,? 2 December 2026$/ }, { timeout: 5000 });
    await waitFor(() => expect(day).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: /^Wednesday,? 2 December 2026$/ }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Free times' })).getByRole('button', { name: '11:30' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent(`slot=${encodeURIComponent(later)}`);

    expect(await screen.findByLabelText(/^Name/, undefined, { timeout: 5000 })).toHaveValue('Sam Client');
    await fillPhoneAndConfirm();
    expect(await screen.findByRole('status')).toHaveTextContent('Booking confirmed');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/bookings/${bookingFixture().id}/calendar.ics`,
    );
    expect(screen.getByRole('link', { name: 'See my bookings' })).toHaveAttribute('href', '/bookings');
    const [sent] = posts(calls);
    expect(Object.keys(sent?.body as object).sort()).toEqual(
      ['adultConfirmed', 'durationMinutes', 'idempotencyKey', 'name', 'notes', 'phone', 'serviceId', 'startsAt'].sort(),
    );
    expect(sent?.body).toMatchObject({
      serviceId: swedish.id,
      durationMinutes: 60,
      startsAt: later,
      name: 'Sam Client',
    });
  });

  it('retries after a network failure with the same idempotency key, so one booking is made', async () => {
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': [new TypeError('Failed to fetch'), { status: 201, body: bookingFixture() }],
    });
    renderPage(<BookPage />, { url: bookUrl });
    await fillPhoneAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking confirmed');
    const [first, second] = posts(calls);
    expect(posts(calls)).toHaveLength(2);
    expect(keyOf(first)).toEqual(expect.any(String));
    expect(keyOf(second)).toBe(keyOf(first));
  });

  it('offers the nearest free times when the time was just taken, and books the one chosen', async () => {
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
    renderPage(<BookPage />, { url: bookUrl });
    await fillPhoneAndConfirm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone has just taken this time.');
    const offered = within(screen.getByRole('group', { name: 'Other free times' })).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual([
      expect.stringMatching(/2 December 2026.*10:15/),
      expect.stringMatching(/2 December 2026.*11:30/),
    ]);
    fireEvent.click(offered[1] as HTMLElement);
    expect(screen.getByTestId('current-url')).toHaveTextContent(`slot=${encodeURIComponent(later)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking confirmed');
    const [first, second] = posts(calls);
    expect(second?.body).toMatchObject({ startsAt: later });
    // A new time is a new attempt.
    expect(keyOf(second)).toEqual(expect.any(String));
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('tells a blocked client the server’s message and how to reach the business', async () => {
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
    renderPage(<BookPage />, { url: bookUrl });
    await fillPhoneAndConfirm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please get in touch with us by phone or email.');
    expect(alert).toHaveTextContent('Test Massage, Camden, London');
  });

  it('needs the 18+ confirmation for a sensual treatment before anything is sent, then waits for approval', async () => {
    localStorage.setItem('showSensual', 'true');
    const calls = stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish, sensual] } },
      'GET /api/slots': slotsAnswer,
      'POST /api/bookings': {
        status: 201,
        body: bookingFixture({ serviceId: sensual.id, serviceName: sensual.name, style: 'sensual', status: 'pending' }),
      },
    });
    renderPage(<BookPage />, {
      url: `/book?style=sensual&type=sensual&slot=${encodeURIComponent(slot)}`,
    });
    await fillPhoneAndConfirm();
    expect(await screen.findByText('Please confirm that you are 18 or over.')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm I am 18 or over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('waiting for approval');
    expect(posts(calls)[0]?.body).toMatchObject({ serviceId: sensual.id, adultConfirmed: true });
  });

  it('hides sensual treatments from a visitor without the flag', async () => {
    stubApi({ 'GET /api/services': { status: 200, body: { services: [swedish, sensual] } } });
    renderPage(<BookPage />, { url: '/book?style=sensual&type=sensual' });
    expect(await screen.findByRole('heading', { name: 'Swedish massage' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sensual massage' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Style' })).toBeNull();
  });

  it('asks a visitor who is not signed in to sign in or create an account, keeping the chosen time', async () => {
    session.user = null;
    stubApi({
      'GET /api/services': { status: 200, body: { services: [swedish] } },
      'GET /api/slots': slotsAnswer,
    });
    renderPage(<BookPage />, { url: bookUrl });
    expect(await screen.findByRole('form', { name: 'Sign in' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeVisible();
    expect(screen.getByText(/Wednesday,? 2 December 2026( at)?,? 10:00/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });
});
