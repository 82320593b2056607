import type { Service } from '@app/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.tsx';
import { ServicesEditor } from './services-editor.tsx';

const swedish: Service = {
  id: '00000000-0000-4000-8000-000000000001',
  style: 'therapeutic',
  type: 'swedish',
  name: 'Swedish massage',
  description: 'Long strokes',
  durations: [{ minutes: 60, pricePence: 7000 }],
  active: true,
};

function renderEditor() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ServicesEditor />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('services editor', () => {
  it('saves a changed price in pence and a new duration', async () => {
    const calls = stubApi({
      'GET /api/admin/services': { status: 200, body: { services: [swedish] } },
      [`PATCH /api/admin/services/${swedish.id}`]: (call) => ({
        status: 200,
        body: { ...swedish, ...(call.body as object) },
      }),
    });
    renderEditor();
    const price = await screen.findByLabelText('Price (£)');
    fireEvent.change(price, { target: { value: '75.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a duration' }));
    fireEvent.change(screen.getAllByLabelText('Minutes')[1] as HTMLElement, { target: { value: '90' } });
    fireEvent.change(screen.getAllByLabelText('Price (£)')[1] as HTMLElement, { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Swedish massage' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH') as { body: { durations: unknown } };
    expect(patch.body.durations).toEqual([
      { minutes: 60, pricePence: 7550 },
      { minutes: 90, pricePence: 9900 },
    ]);
  });

  it('refuses the same duration twice without calling the server', async () => {
    const calls = stubApi({ 'GET /api/admin/services': { status: 200, body: { services: [swedish] } } });
    renderEditor();
    await screen.findByLabelText('Price (£)');
    fireEvent.click(screen.getByRole('button', { name: 'Add a duration' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Swedish massage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each duration once');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});
