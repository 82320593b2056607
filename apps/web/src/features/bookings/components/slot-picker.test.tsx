import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, slotsFixture, stubApi, swedish } from '../test-utils.tsx';
import { SlotPicker } from './slot-picker.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPicker(onChange = vi.fn(), value: string | null = null) {
  renderPage(
    <SlotPicker
      serviceId={swedish.id}
      durationMinutes={60}
      value={value}
      onChange={onChange}
      timeZone="Europe/London"
    />,
  );
  return onChange;
}

describe('SlotPicker', () => {
  it('enables only the days with free times and shows their times on the business clock, not the browser’s', async () => {
    const calls = stubApi({
      'GET /api/slots': {
        status: 200,
        body: slotsFixture(
          [
            { date: '2026-12-02', slots: ['2026-12-02T15:00:00.000Z', '2026-12-02T15:15:00.000Z'] },
            { date: '2026-12-03', slots: [] },
          ],
          'America/New_York',
        ),
      },
    });
    const onChange = renderPicker();

    const freeDay = await screen.findByRole('button', { name: /^Wednesday,? 2 December 2026$/ });
    await waitFor(() => expect(freeDay).toBeEnabled());
    expect(screen.getByRole('button', { name: /^Thursday,? 3 December 2026$/ })).toBeDisabled();
    expect(calls[0]?.query.toString()).toBe(`serviceId=${swedish.id}&duration=60&from=2026-12-01&to=2026-12-31`);

    fireEvent.click(freeDay);
    const times = screen.getByRole('group', { name: 'Free times' });
    // 15:00 UTC is 10:00 in New York, the zone the server named.
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['10:00', '10:15']);
    fireEvent.click(within(times).getByRole('button', { name: '10:15' }));
    expect(onChange).toHaveBeenCalledWith('2026-12-02T15:15:00.000Z');
  });

  it('suggests the next weeks when the month shown has no free time left', async () => {
    const calls = stubApi({
      'GET /api/slots': [
        { status: 200, body: slotsFixture([{ date: '2026-12-31', slots: [] }]) },
        { status: 200, body: slotsFixture([{ date: '2027-01-04', slots: ['2027-01-04T10:00:00.000Z'] }]) },
      ],
    });
    renderPicker();
    expect(await screen.findByText('No free times in December 2026')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show January 2027' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Monday,? 4 January 2027$/ })).toBeEnabled());
    expect(calls.at(-1)?.query.get('from')).toBe('2027-01-01');
    expect(calls.at(-1)?.query.get('to')).toBe('2027-01-31');
  });

  it('offers to try again when the free times cannot be loaded', async () => {
    stubApi({
      'GET /api/slots': [
        new TypeError('Failed to fetch'),
        { status: 200, body: slotsFixture([{ date: '2026-12-02', slots: ['2026-12-02T10:00:00.000Z'] }]) },
      ],
    });
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent('Free times could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Wednesday,? 2 December 2026$/ })).toBeEnabled());
  });

  it('opens on the day of a time chosen before, with that time pressed', async () => {
    stubApi({
      'GET /api/slots': {
        status: 200,
        body: slotsFixture([{ date: '2026-12-02', slots: ['2026-12-02T10:00:00.000Z', '2026-12-02T10:15:00.000Z'] }]),
      },
    });
    renderPicker(vi.fn(), '2026-12-02T10:15:00.000Z');
    expect(await screen.findByRole('button', { name: '10:15', pressed: true })).toBeVisible();
    expect(screen.getByRole('button', { name: '10:00', pressed: false })).toBeVisible();
  });

  describe('arrow keys in the day grid', () => {
    // December 2026 and January 2027, each day with one free time at 10:00; anything else is full.
    const free = ['2026-12-02', '2026-12-30', '2026-12-31', '2027-01-04', '2027-01-06', '2027-01-07'];
    const day = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}$`) });
    const shows = async (name: string) => {
      await waitFor(() => expect(day(name)).toBeEnabled());
      await waitFor(() => expect(day(name)).toHaveFocus());
    };

    beforeEach(() => {
      stubApi({
        'GET /api/slots': (call) => {
          const [from, to] = [call.query.get('from') ?? '', call.query.get('to') ?? ''];
          const days = free.filter((date) => date >= from && date <= to);
          return { status: 200, body: slotsFixture(days.map((date) => ({ date, slots: [`${date}T10:00:00.000Z`] }))) };
        },
      });
    });

    it('move focus past the month’s last free day into the next month, and back', async () => {
      const user = userEvent.setup();
      renderPicker();
      await waitFor(() => expect(day('Thursday,? 31 December 2026')).toBeEnabled());
      await user.click(day('Thursday,? 31 December 2026'));

      await user.keyboard('{ArrowRight}');
      await shows('Monday,? 4 January 2027');
      expect(screen.getByText('January 2027')).toBeVisible();

      await user.keyboard('{ArrowLeft}');
      await shows('Thursday,? 31 December 2026');
    });

    it('keep the weekday when ArrowDown or ArrowUp cross a month', async () => {
      const user = userEvent.setup();
      renderPicker();
      await waitFor(() => expect(day('Wednesday,? 30 December 2026')).toBeEnabled());
      await user.click(day('Wednesday,? 30 December 2026'));

      // A week on from Wednesday 30 December is Wednesday 6 January, not the first free day (Monday 4 January).
      await user.keyboard('{ArrowDown}');
      await shows('Wednesday,? 6 January 2027');
      await user.keyboard('{ArrowUp}');
      await shows('Wednesday,? 30 December 2026');
    });

    it('stay within the booking horizon and never go back before this month', async () => {
      const user = userEvent.setup();
      renderPicker();
      await waitFor(() => expect(day('Wednesday,? 2 December 2026')).toBeEnabled());
      await user.click(day('Wednesday,? 2 December 2026'));
      await user.keyboard('{ArrowLeft}');
      expect(day('Wednesday,? 2 December 2026')).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await waitFor(() => expect(day('Thursday,? 7 January 2027')).toBeEnabled());
      await user.click(day('Thursday,? 7 January 2027'));
      // Bookings open 60 days ahead (to 30 January): February is beyond, so focus stays.
      await user.keyboard('{ArrowRight}');
      expect(day('Thursday,? 7 January 2027')).toHaveFocus();
      expect(screen.getByRole('button', { name: /^Monday,? 4 January 2027$/ })).toBeVisible();
    });
  });
});
