import type { CustomerRow } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, setWideScreen, stubApi } from '../../../test/api-stub.tsx';
import { CustomersPage } from './customers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function row(overrides: Partial<CustomerRow> = {}): CustomerRow {
  return {
    id: 'u1',
    name: 'Ann Archer',
    email: 'ann@example.com',
    phone: '+44 7700 900001',
    policy: 'new',
    tags: [],
    bookings: 3,
    spendPence: 21000,
    lastVisit: '2026-11-02T15:00:00.000Z',
    noShows: 0,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const ann = row();
const bob = row({
  id: 'u2',
  name: 'Bob Blocked',
  email: 'bob@example.com',
  phone: null,
  policy: 'blocked',
  tags: ['late', 'rude'],
  bookings: 1,
  spendPence: 0,
  lastVisit: null,
  noShows: 2,
});

const url = () => screen.getByTestId('current-url').textContent;
const listCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((call) => call.path === '/api/admin/customers').map((call) => Object.fromEntries(call.query));

describe('CustomersPage', () => {
  it('asks the server for the search, sort and page in the address, and shows them', async () => {
    setWideScreen(true);
    const calls = stubApi({ 'GET /api/admin/customers': { status: 200, body: { total: 120, customers: [ann, bob] } } });
    renderRoute(<CustomersPage />, { url: '/customers?q=a&sort=spend&order=desc&page=2' });

    expect(await screen.findByText('120 customers matching “a”')).toBeVisible();
    expect(listCalls(calls)[0]).toEqual({ q: 'a', sort: 'spend', order: 'desc', page: '2', pageSize: '50' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
    expect(screen.getByRole('columnheader', { name: /^Spend/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'none');

    const bobRow = screen.getByRole('row', { name: /Bob Blocked/ });
    expect(bobRow).toHaveTextContent('Blocked');
    expect(bobRow).toHaveTextContent('late');
    expect(within(bobRow).getByRole('link', { name: 'Bob Blocked' })).toHaveAttribute('href', '/customers/u2');
    const annRow = screen.getByRole('row', { name: /Ann Archer/ });
    expect(annRow).toHaveTextContent('£210');
    expect(annRow).toHaveTextContent('2 Nov 2026');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once typing pauses, from the first page, and keeps the words in the address', async () => {
    setWideScreen(true);
    const calls = stubApi({ 'GET /api/admin/customers': { status: 200, body: { total: 1, customers: [ann] } } });
    renderRoute(<CustomersPage />, { url: '/customers?page=3' });
    await screen.findByText('1 customer');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['a', 'an', 'ann ']) fireEvent.change(box, { target: { value: text } });

    await waitFor(() => expect(url()).toBe('/customers?q=ann'));
    await screen.findByText('1 customer matching “ann”');
    // Nothing was asked for the letters typed on the way.
    expect(listCalls(calls).map((query) => query.q)).toEqual([undefined, 'ann']);
    expect(listCalls(calls)[1]?.page).toBe('1');
  });

  it('sorts by a figure largest first, and a second click reverses it', async () => {
    setWideScreen(true);
    stubApi({ 'GET /api/admin/customers': { status: 200, body: { total: 2, customers: [ann, bob] } } });
    renderRoute(<CustomersPage />, { url: '/customers' });
    fireEvent.click(await screen.findByRole('button', { name: /^No-shows/ }));
    await waitFor(() => expect(url()).toBe('/customers?sort=noShows&order=desc'));
    fireEvent.click(screen.getByRole('button', { name: /^No-shows/ }));
    await waitFor(() => expect(url()).toBe('/customers?sort=noShows&order=asc'));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(url()).toBe('/customers?sort=name&order=asc'));
  });

  it('pages through thousands of customers', async () => {
    setWideScreen(true);
    const calls = stubApi({ 'GET /api/admin/customers': { status: 200, body: { total: 4321, customers: [ann] } } });
    renderRoute(<CustomersPage />, { url: '/customers' });
    expect(await screen.findByText('4,321 customers')).toBeVisible();
    // 4321 at 50 a page: 87 pages, the last one offered directly.
    expect(screen.getByRole('button', { name: 'Page 87' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(url()).toBe('/customers?page=2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.page).toBe('2'));
  });

  it('shows cards and a sort menu instead of the wide table on a phone', async () => {
    setWideScreen(false);
    stubApi({ 'GET /api/admin/customers': { status: 200, body: { total: 2, customers: [ann, bob] } } });
    renderRoute(<CustomersPage />, { url: '/customers' });
    const card = await screen.findByRole('listitem', { name: 'Bob Blocked' });
    expect(card).toHaveTextContent('1 booking · £0 · last visit — · 2 no-shows');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'lastVisit' } });
    await waitFor(() => expect(url()).toBe('/customers?sort=lastVisit&order=desc'));
  });

  it('tells the owner when nothing matches and when the list cannot be loaded', async () => {
    setWideScreen(true);
    stubApi({
      'GET /api/admin/customers': [
        { status: 200, body: { total: 0, customers: [] } },
        { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } },
      ],
    });
    renderRoute(<CustomersPage />, { url: '/customers?q=zzz' });
    expect(await screen.findByText('No customer matches “zzz”.')).toBeVisible();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'yyy' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The customers could not be loaded: Something went wrong.',
    );
  });
});
