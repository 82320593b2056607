import type { InvoiceDetail, InvoiceList, InvoiceSettings } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, setWideScreen, stubApi } from '../../../test/api-stub.tsx';
import { InvoicesPage } from './invoices-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const issued: InvoiceDetail = {
  id: '0b7f8c1e-0000-4000-8000-000000000007',
  kind: 'invoice',
  series: 'INV',
  number: 7,
  label: 'INV-000007',
  status: 'part_paid',
  bookingId: null,
  clientId: null,
  billToName: 'Acme Wellness Ltd',
  billToEmail: 'accounts@acme.example',
  billToAddress: '1 High Street',
  issueDate: '2026-11-01',
  dueDate: '2026-11-15',
  subtotalPence: 10000,
  vatPence: 2000,
  totalPence: 12000,
  amountPaidPence: 2000,
  refundedPence: 0,
  outstandingPence: 10000,
  overdue: true,
  creditsInvoiceId: null,
  notes: '',
  issuedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
  lines: [
    {
      id: 'l1',
      position: 0,
      description: 'Chair massage day',
      quantity: 2,
      unitPricePence: 5000,
      vatRateBp: 2000,
      netPence: 10000,
      vatPence: 2000,
      style: null,
      serviceType: null,
    },
  ],
  payments: [
    { id: 'p1', kind: 'payment', amountPence: 2000, method: 'cash', paidAt: '2026-11-02T10:00:00.000Z', note: '' },
  ],
  creditNoteId: null,
  creditNoteLabel: null,
  creditedInvoiceLabel: null,
};
const list: InvoiceList = { invoices: [issued], total: 1, totals: { outstandingPence: 10000, overduePence: 10000 } };
const settings: InvoiceSettings = {
  vatRegistered: true,
  vatNumber: 'GB1',
  vatRatePercent: 20,
  invoiceDueDays: 14,
  invoiceFooter: '',
};
const url = () => screen.getByTestId('current-url').textContent;

describe('InvoicesPage', () => {
  it('lists invoices with what is owed, opens the one named in the address, and closing it cleans the address', async () => {
    setWideScreen(true);
    stubApi({
      'GET /api/admin/invoices': { status: 200, body: list },
      'GET /api/admin/invoices/settings': { status: 200, body: settings },
      [`GET /api/admin/invoices/${issued.id}`]: { status: 200, body: issued },
    });
    renderRoute(<InvoicesPage />, { url: `/invoices?invoice=${issued.id}` });

    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    expect(within(dialog).getByRole('table', { name: 'Totals' })).toHaveTextContent('Amount due£100.00');
    expect(within(dialog).getByRole('region', { name: 'Record a payment' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/admin/invoices/${issued.id}/pdf`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(url()).toBe('/invoices'));
    const row = screen.getByRole('row', { name: /INV-000007/ });
    expect(row).toHaveTextContent('Part paid, overdue');
    expect(screen.getByText('Outstanding:')).toHaveTextContent('£100.00');
  });

  it('adds up a new invoice as lines are typed and sends the lines in pence with their VAT rate', async () => {
    setWideScreen(true);
    const calls = stubApi({
      'GET /api/admin/invoices': { status: 200, body: { ...list, invoices: [], total: 0 } },
      'GET /api/admin/invoices/settings': { status: 200, body: settings },
      'POST /api/admin/invoices': { status: 201, body: { ...issued, status: 'draft', number: null, label: 'Draft' } },
      [`GET /api/admin/invoices/${issued.id}`]: { status: 200, body: { ...issued, status: 'draft', number: null } },
    });
    renderRoute(<InvoicesPage />, { url: '/invoices' });
    await screen.findByText('No invoices yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New invoice' }));
    const editor = await screen.findByRole('dialog', { name: 'New invoice' });

    fireEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    expect(await within(editor).findByText('Enter who the invoice is for')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(editor).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Acme' } });
    const line = within(editor).getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByRole('textbox', { name: /^Description/ }), { target: { value: 'Massage' } });
    fireEvent.change(within(line).getByRole('textbox', { name: 'Quantity' }), { target: { value: '3' } });
    fireEvent.change(within(line).getByRole('textbox', { name: 'Unit price before VAT (£)' }), {
      target: { value: '33.33' },
    });
    const totals = within(editor).getByRole('table', { name: 'Totals' });
    await waitFor(() => expect(totals).toHaveTextContent('Subtotal£99.99VAT£20.00Total£119.99'));

    fireEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(url()).toBe(`/invoices?invoice=${issued.id}`));
    const posted = calls.find((call) => call.method === 'POST')?.body as { lines: unknown[] };
    expect(posted.lines).toEqual([{ description: 'Massage', quantity: 3, unitPricePence: 3333, vatRateBp: 2000 }]);
  });
});
