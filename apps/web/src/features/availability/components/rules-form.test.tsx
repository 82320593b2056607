import { type BookingRules, defaultWeeklyHours } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RulesForm } from './rules-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const rules: BookingRules = {
  timeZone: 'Europe/London',
  bufferMinutes: 15,
  minNoticeMinutes: 120,
  horizonDays: 90,
  slotStepMinutes: 15,
  cancellationCutoffHours: 24,
  weeklyHours: defaultWeeklyHours,
};

function stubFetch() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(rules), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderForm() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RulesForm rules={rules} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('RulesForm', () => {
  it('saves new Sunday hours and a longer break with one PATCH, Sunday at index 0', async () => {
    const calls = stubFetch();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Sunday' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Break after each booking (min)' }), {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours and rules' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Opening hours and rules saved.'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/booking-rules');
    const body = patch?.body as { weeklyHours: unknown[]; bufferMinutes: number };
    expect(body.weeklyHours[0]).toEqual([{ start: '10:00', end: '18:00' }]);
    expect(body.weeklyHours[1]).toEqual(defaultWeeklyHours[1]);
    expect(body.bufferMinutes).toBe(30);
  });

  it('names the day whose hours are wrong and sends nothing', async () => {
    const calls = stubFetch();
    renderForm();
    // Monday closing before it opens.
    fireEvent.change(screen.getByLabelText('Monday: closes'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours and rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Monday: A range must end after it starts');
    expect(calls).toHaveLength(0);
  });
});
