import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../../test/api-stub.tsx';
import type { CustomerDetail } from '../api.ts';
import { CustomerPage } from './customer-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const detail: CustomerDetail = {
  customer: {
    id: 'u1',
    name: 'Ann Archer',
    email: 'ann@example.com',
    emailVerified: true,
    phone: '+44 7700 900001',
    createdAt: '2026-01-10T10:00:00.000Z',
    policy: 'new',
    tags: ['regular'],
    privateNotes: 'Prefers firm pressure',
  },
  bookings: [
    {
      id: 'b1',
      serviceName: 'Deep tissue massage',
      durationMinutes: 90,
      pricePence: 10500,
      startsAt: '2026-12-02T15:00:00.000Z',
      status: 'confirmed',
      cancelReason: null,
    },
    {
      id: 'b2',
      serviceName: 'Swedish massage',
      durationMinutes: 60,
      pricePence: 7000,
      startsAt: '2026-07-01T09:00:00.000Z',
      status: 'no_show',
      cancelReason: null,
    },
  ],
  payments: [
    {
      id: 'p1',
      bookingId: 'b2',
      invoiceId: null,
      kind: 'payment',
      amountPence: 7000,
      method: 'bank_transfer',
      paidAt: '2026-07-01T11:00:00.000Z',
      note: 'Late fee',
      recordedBy: 'admin',
    },
  ],
  emails: [{ id: 'e1', subject: 'Your booking is confirmed', status: 'sent', createdAt: '2026-11-20T10:00:00.000Z' }],
  audit: [
    {
      id: 'a1',
      action: 'customer.updated',
      actorEmail: 'owner@example.com',
      at: '2026-11-21T09:30:00.000Z',
      before: { policy: 'trusted', tags: [], privateNotes: '' },
      after: { policy: 'new', tags: ['regular'], privateNotes: '' },
    },
    {
      id: 'a0',
      action: 'customer.updated',
      actorEmail: 'owner@example.com',
      at: '2026-11-20T09:30:00.000Z',
      // The first change of a customer without a profile yet: they were new, untagged, without notes.
      before: null,
      after: { policy: 'trusted', tags: [], privateNotes: '' },
    },
  ],
};

const at = '/customers/u1';
const render = () => renderRoute(<CustomerPage />, { url: at, path: '/customers/:uid' });

describe('CustomerPage', () => {
  it('shows the profile, bookings with status, time, service and price, payments, emails and the audit trail', async () => {
    stubApi({ 'GET /api/admin/customers/u1': { status: 200, body: detail } });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Archer' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com');
    expect(screen.getByText('Verified')).toBeVisible();

    const bookings = within(screen.getByRole('region', { name: 'Bookings (2)' })).getAllByRole('listitem');
    // 15:00 UTC in December is 15:00 in London; 09:00 UTC in July is 10:00 there.
    expect(bookings[0]).toHaveTextContent(/Wed,? 2 Dec 2026,? 15:00/);
    expect(bookings[0]).toHaveTextContent('Deep tissue massage, 1 h 30 min, £105');
    expect(bookings[0]).toHaveTextContent('Confirmed');
    expect(bookings[1]).toHaveTextContent(/1 Jul 2026,? 10:00/);
    expect(bookings[1]).toHaveTextContent('No-show');
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('£70 · Bank transfer');
    expect(screen.getByRole('region', { name: 'Emails' })).toHaveTextContent('Your booking is confirmed');

    const audit = screen.getByRole('region', { name: 'Audit trail' });
    expect(audit).toHaveTextContent('owner@example.com');
    expect(audit).toHaveTextContent('Policy: trusted → new');
    expect(audit).toHaveTextContent('Tags: (none) → regular');
    expect(audit).toHaveTextContent('Policy: new → trusted');
    // Unchanged fields are not listed.
    expect(audit).not.toHaveTextContent('Private notes');
    expect(screen.getByRole('link', { name: 'Download data' })).toHaveAttribute(
      'href',
      '/api/admin/customers/u1/export',
    );
  });

  it('saves the policy as soon as it is switched, and puts it back when the server refuses', async () => {
    const calls = stubApi({
      'GET /api/admin/customers/u1': { status: 200, body: detail },
      'PATCH /api/admin/customers/u1': [
        { status: 200, body: {} },
        { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Admins only.' } } },
      ],
    });
    render();
    const policy = await screen.findByRole('radiogroup', { name: 'Policy' });
    fireEvent.click(within(policy).getByRole('radio', { name: 'Blocked' }));
    expect(await screen.findByText('Policy saved: Blocked.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PATCH')[0]?.body).toEqual({ policy: 'blocked' });

    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Policy' })).getByRole('radio', { name: 'Trusted' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The policy was not saved: Admins only.');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Policy' })).getByRole('radio', { name: 'Blocked' }),
    ).toBeChecked();
  });

  it('saves tags and private notes together', async () => {
    const calls = stubApi({
      'GET /api/admin/customers/u1': { status: 200, body: detail },
      'PATCH /api/admin/customers/u1': { status: 200, body: {} },
    });
    render();
    const save = await screen.findByRole('button', { name: 'Save tags and notes' });
    expect(save).toBeDisabled();
    const tags = document.getElementById(
      screen.getByText('Tags', { selector: 'label' }).getAttribute('for') ?? '',
    ) as HTMLInputElement;
    // The combobox ignores writes to a field without focus (autofill); the owner types into it.
    tags.focus();
    fireEvent.change(tags, { target: { value: 'VIP' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(await screen.findByText('VIP')).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'Private notes' }), {
      target: { value: 'Prefers firm pressure. Parks outside.' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        tags: ['regular', 'VIP'],
        privateNotes: 'Prefers firm pressure. Parks outside.',
      }),
    );
  });

  it('erases the customer only after the owner confirms, then goes back to the list', async () => {
    const calls = stubApi({
      'GET /api/admin/customers/u1': { status: 200, body: detail },
      'POST /api/admin/customers/u1/erase': { status: 200, body: { erased: true } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ann Archer?' });
    expect(dialog).toHaveTextContent('Their upcoming bookings are cancelled');
    expect(dialog).toHaveTextContent('anonymised as “Deleted client”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep customer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/erase'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Erase customer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase for good' }));
    await waitFor(() => expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/customers$/));
    expect(calls.filter((call) => call.path.endsWith('/erase'))).toHaveLength(1);
  });

  it('emails the customer from their page', async () => {
    const calls = stubApi({
      'GET /api/admin/customers/u1': { status: 200, body: detail },
      'POST /api/admin/emails': { status: 201, body: { id: 'm1' } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Email this customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Ann Archer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText('Enter a subject')).toBeVisible();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Your voucher' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: '10% off.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText('Email queued for ann@example.com.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      customerId: 'u1',
      subject: 'Your voucher',
      body: '10% off.',
    });
  });

  it('says so when the customer does not exist', async () => {
    stubApi({});
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('This customer does not exist (or was erased).');
  });
});
