import type { CustomerRow } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, setWideScreen, stubApi } from '../../../test/api-stub.tsx';
import type { OutboxEmail } from '../api.ts';
import { EmailsPage } from './emails-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const failed: OutboxEmail = {
  id: '9b1c0d1e-0000-4000-8000-000000000001',
  recipient: 'ann@example.com',
  subject: 'Your booking is confirmed: Tuesday',
  kind: 'booking.confirmed',
  status: 'failed',
  attempts: 5,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
};

const ann: CustomerRow = {
  id: 'u1',
  name: 'Ann Archer',
  email: 'ann@example.com',
  phone: null,
  policy: 'new',
  tags: [],
  bookings: 1,
  spendPence: 0,
  lastVisit: null,
  noShows: 0,
  createdAt: '2026-01-10T10:00:00.000Z',
};

const url = () => screen.getByTestId('current-url').textContent;

describe('EmailsPage', () => {
  it('filters the outbox by status in the address, shows attempts and the last error, and resends one', async () => {
    setWideScreen(true);
    const calls = stubApi({
      'GET /api/admin/emails': { status: 200, body: { total: 1, emails: [failed] } },
      [`POST /api/admin/emails/${failed.id}/resend`]: { status: 201, body: { id: 'copy' } },
    });
    renderRoute(<EmailsPage />, { url: '/emails' });
    const row = await screen.findByRole('row', { name: /Your booking is confirmed/ });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Last error: 550 mailbox unavailable');
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('5');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    await waitFor(() => expect(url()).toBe('/emails?status=failed'));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.method === 'GET')
          .at(-1)
          ?.query.get('status'),
      ).toBe('failed'),
    );

    fireEvent.click(within(row).getByRole('button', { name: /^Resend/ }));
    expect(await within(row).findByText('Queued again')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/emails/${failed.id}/resend`,
    ]);
  });

  it('opens an email: exactly what was sent, in a sandboxed frame, with its attachment to download', async () => {
    setWideScreen(true);
    stubApi({
      'GET /api/admin/emails': { status: 200, body: { total: 1, emails: [failed] } },
      [`GET /api/admin/emails/${failed.id}`]: {
        status: 200,
        body: {
          ...failed,
          text: 'Hello Ann',
          html: '<p>Hello <b>Ann</b>, see you on Tuesday.</p>',
          attachments: [
            { index: 0, filename: 'invoice-2026-0007.pdf', contentType: 'application/pdf', sizeBytes: 20480 },
          ],
        },
      },
    });
    renderRoute(<EmailsPage />, { url: '/emails' });
    fireEvent.click(await screen.findByRole('button', { name: `Open “${failed.subject}” to ann@example.com` }));
    const dialog = await screen.findByRole('dialog', { name: failed.subject });
    const body = await within(dialog).findByTitle(`Body of “${failed.subject}”`);
    expect(body).toHaveAttribute('sandbox', '');
    expect(body.getAttribute('srcdoc')).toBe('<p>Hello <b>Ann</b>, see you on Tuesday.</p>');
    expect(within(dialog).getByText('To ann@example.com')).toBeVisible();
    const attachment = within(dialog).getByRole('link', { name: 'invoice-2026-0007.pdf (20 KB)' });
    expect(attachment).toHaveAttribute('href', `/api/admin/emails/${failed.id}/attachments/0`);
    expect(attachment).toHaveAttribute('download', 'invoice-2026-0007.pdf');
  });

  it('says the emails are kept here, not sent, and how to send them, when no mail server is set up', async () => {
    setWideScreen(true);
    stubApi({
      'GET /api/config': { status: 200, body: { emailEnabled: false } },
      'GET /api/admin/emails': { status: 200, body: { total: 1, emails: [{ ...failed, status: 'pending' }] } },
    });
    renderRoute(<EmailsPage />, { url: '/emails' });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Emails are kept here, not sent');
    expect(note).toHaveTextContent('set SMTP_URL');
  });

  it('shows each email as a card on a phone', async () => {
    setWideScreen(false);
    stubApi({ 'GET /api/admin/emails': { status: 200, body: { total: 1, emails: [failed] } } });
    renderRoute(<EmailsPage />, { url: '/emails' });
    const card = await screen.findByRole('listitem', { name: failed.subject });
    expect(card).toHaveTextContent('To ann@example.com');
    expect(card).toHaveTextContent('5 attempts');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the tab in the address', async () => {
    setWideScreen(true);
    stubApi({
      'GET /api/admin/emails': { status: 200, body: { total: 0, emails: [] } },
      'GET /api/admin/email-templates': { status: 200, body: { templates: [] } },
    });
    renderRoute(<EmailsPage />, { url: '/emails' });
    fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    await waitFor(() => expect(url()).toBe('/emails?tab=templates'));
    expect(screen.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends a one-off email to a customer found by a search on the server', async () => {
    setWideScreen(true);
    const calls = stubApi({
      'GET /api/admin/customers': { status: 200, body: { total: 1, customers: [ann] } },
      'POST /api/admin/emails': { status: 201, body: { id: 'm1' } },
    });
    renderRoute(<EmailsPage />, { url: '/emails?tab=compose' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Choose a customer first')).toBeVisible();

    const to = screen.getByRole('combobox', { name: 'To' });
    to.focus();
    fireEvent.click(to);
    fireEvent.change(to, { target: { value: 'archer' } });
    // The dropdown's opening transition never ends in jsdom, which leaves it hidden from the accessibility tree.
    fireEvent.click(await screen.findByRole('option', { name: 'Ann Archer (ann@example.com)', hidden: true }));
    expect(calls.find((call) => call.path === '/api/admin/customers')?.query.get('q')).toBe('archer');
    expect(await screen.findByText('To: Ann Archer (ann@example.com)')).toBeVisible();

    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Gift voucher' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Here it is.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Email queued for ann@example.com.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      customerId: 'u1',
      subject: 'Gift voucher',
      body: 'Here it is.',
    });
  });
});
