import type { ExpenseCategoryList, ExpenseDetail, ExpenseList, ExpenseRow } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, setWideScreen, stubApi } from '../../../test/api-stub.tsx';
import { ExpensesPage } from './expenses-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const categories: ExpenseCategoryList = {
  categories: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Oils and supplies',
      accountCode: '5000',
      active: true,
      sortOrder: 0,
    },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Travel', accountCode: '5040', active: true, sortOrder: 1 },
  ],
  vat: { registered: true, rateBp: 2000 },
};

const uber: ExpenseRow = {
  id: '33333333-3333-4333-8333-333333333333',
  date: '2026-03-05',
  supplier: 'Uber',
  categoryId: '22222222-2222-4222-8222-222222222222',
  categoryName: 'Travel',
  amountPence: 1440,
  vatPence: 240,
  netPence: 1200,
  paymentMethod: 'card',
  notes: '',
  receiptCount: 1,
  imported: false,
};

const list: ExpenseList = {
  expenses: [uber],
  total: 1,
  page: 1,
  pageSize: 50,
  totals: { count: 1, amountPence: 1440, vatPence: 240, netPence: 1200 },
  byCategory: [
    { categoryId: uber.categoryId, name: 'Travel', count: 1, amountPence: 1440, vatPence: 240, netPence: 1200 },
  ],
};

const url = () => screen.getByTestId('current-url').textContent;

/** The button waits for the categories, which the form needs. */
async function openAddExpense() {
  const button = await screen.findByRole('button', { name: 'Add expense' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('the expenses page', () => {
  it('shows the totals and a card per expense on a phone, and keeps the filters in the address', async () => {
    setWideScreen(false);
    const calls = stubApi({
      'GET /api/admin/expenses': { status: 200, body: list },
      'GET /api/admin/expenses/categories': { status: 200, body: categories },
    });
    renderRoute(<ExpensesPage />, { url: '/expenses?from=2026-03-01' });
    const card = await screen.findByRole('listitem', { name: 'Uber' });
    expect(within(card).getByText('£14.40')).toBeTruthy();
    expect(within(card).getByText(/1 receipt/)).toBeTruthy();
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('£2.40')).toBeTruthy();
    expect(within(totals).getByText('£12.00')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/expenses')?.query.get('from')).toBe('2026-03-01');

    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), {
      target: { value: '22222222-2222-4222-8222-222222222222' },
    });
    expect(url()).toBe('/expenses?from=2026-03-01&category=22222222-2222-4222-8222-222222222222');
    await waitFor(() =>
      expect(calls.some((call) => call.query.get('categoryId') === '22222222-2222-4222-8222-222222222222')).toBe(true),
    );
  });

  it('suggests VAT at the business’s rate until the owner types the figure from the receipt', async () => {
    setWideScreen(true);
    const created: ExpenseDetail = {
      ...uber,
      journalEntryId: null,
      createdAt: '2026-03-05T10:00:00.000Z',
      updatedAt: '2026-03-05T10:00:00.000Z',
      receipts: [],
    };
    const calls = stubApi({
      'GET /api/admin/expenses': { status: 200, body: list },
      'GET /api/admin/expenses/categories': { status: 200, body: categories },
      'POST /api/admin/expenses': { status: 201, body: created },
      [`GET /api/admin/expenses/${uber.id}`]: { status: 200, body: created },
    });
    renderRoute(<ExpensesPage />, { url: '/expenses' });
    await openAddExpense();
    const form = await screen.findByRole('form', { name: 'Add expense' });
    const amount = within(form).getByRole('textbox', { name: /Amount paid/ });
    const vat = within(form).getByRole('textbox', { name: /^VAT/ });
    fireEvent.change(amount, { target: { value: '12' } });
    expect((vat as HTMLInputElement).value).toBe('2.00');
    fireEvent.change(vat, { target: { value: '1.50' } });
    fireEvent.change(amount, { target: { value: '24.00' } });
    expect((vat as HTMLInputElement).value).toBe('1.50');

    fireEvent.change(within(form).getByRole('textbox', { name: 'Supplier' }), { target: { value: 'Uber' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Category' }), {
      target: { value: '22222222-2222-4222-8222-222222222222' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(url()).toBe(`/expenses/${uber.id}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      supplier: 'Uber',
      amountPence: 2400,
      vatPence: 150,
      categoryId: '22222222-2222-4222-8222-222222222222',
      paymentMethod: 'card',
    });
  });

  it('names the fields to correct instead of sending a bad expense', async () => {
    setWideScreen(true);
    const calls = stubApi({
      'GET /api/admin/expenses': { status: 200, body: list },
      'GET /api/admin/expenses/categories': { status: 200, body: categories },
    });
    renderRoute(<ExpensesPage />, { url: '/expenses' });
    await openAddExpense();
    const form = await screen.findByRole('form', { name: 'Add expense' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount paid/ }), { target: { value: '5' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^VAT/ }), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save expense' }));
    expect(await within(form).findByText('Enter the supplier')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('VAT cannot be more than the amount paid')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
