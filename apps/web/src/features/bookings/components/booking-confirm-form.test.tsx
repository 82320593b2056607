import type { UpfrontAnswer, VoucherCheck } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingFixture, renderPage, stubApi, swedish } from '../test-utils.tsx';
import { BookingConfirmForm } from './booking-confirm-form.tsx';

// The no-show fee's consent (issue 13): an unticked box with the fee and the rule in words; no booking without it.

const upfront: UpfrontAnswer = {
  due: { kind: 'none' },
  noShowFeePence: 3000,
  currency: 'GBP',
  freeCancellationHours: 24,
};

afterEach(() => vi.unstubAllGlobals());

function renderForm(answer: UpfrontAnswer = upfront) {
  return renderPage(
    <BookingConfirmForm
      serviceId={swedish.id}
      durationMinutes={60}
      startsAt="2026-12-02T15:00:00.000Z"
      sensual={false}
      approvalRequired={false}
      timeZone="Europe/London"
      locale="en-GB"
      defaults={{ name: 'Sam Client', phone: '+44 7700 900123' }}
      contact="Call us"
      onBooked={() => {}}
      onChooseAlternative={() => {}}
      onEditDetails={() => {}}
      summary={null}
      bar={(button) => button}
      upfront={answer}
    />,
  );
}

describe('confirming a booking under a no-show fee', () => {
  it('asks for the consent unticked, refuses to book without it, and sends it once ticked', async () => {
    const calls = stubApi({ 'POST /api/bookings': { status: 201, body: bookingFixture() } });
    renderForm();
    const consent = screen.getByRole('checkbox', { name: /charged £30 if I do not come/ });
    expect(consent).not.toBeChecked();
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm your booking' }));
    expect(await screen.findByText(/needs your agreement to the no-show fee/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(consent);
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm your booking' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ noShowFeeConsent: true });
  });
});

// A gift voucher spent in the funnel (issue 13): the server says what it pays, the page says what is left.

const CODE = 'ABCDEFGHJKMNPQRS';
/** Stripe on: new clients pay 30 % of the price up front, £21 of the £70 Swedish hour. */
const deposit: UpfrontAnswer = {
  due: { kind: 'deposit', amountPence: 2100 },
  noShowFeePence: null,
  currency: 'GBP',
  freeCancellationHours: 24,
};
/** £40 of a £50 voucher on the £70 hour: 30 % of the £30 left is asked now. */
const partly: VoucherCheck = {
  usablePence: 4000,
  balancePence: 5000,
  expiresOn: '2027-11-24',
  leftToPayPence: 3000,
  due: { kind: 'deposit', amountPence: 900 },
};
const spentMessage = 'This voucher has been spent: nothing is left on it.';
const spent = { status: 409, body: { error: { code: 'VOUCHER_SPENT', message: spentMessage } } };

const posted = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.method === 'POST');
const voucherGroup = () => screen.getByRole('group', { name: 'Gift voucher' });

async function applyCode(typed: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Have a gift voucher?' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Gift voucher code' }), { target: { value: typed } });
  fireEvent.click(within(voucherGroup()).getByRole('button', { name: 'Apply' }));
}

describe('spending a gift voucher on the confirm step', () => {
  it('applies a code typed loosely, says what the voucher pays and what is left, and books with the code', async () => {
    const calls = stubApi({
      'GET /api/vouchers/check': { status: 200, body: partly },
      'POST /api/bookings': { status: 201, body: bookingFixture({ status: 'awaiting_payment' }) },
    });
    renderForm(deposit);
    expect(screen.getByText(/A deposit of £21 is due now/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Gift voucher code' })).toBeNull();
    await applyCode('abcd-efgh jkmn pqrs');

    const applied = await screen.findByRole('status');
    expect(applied).toHaveTextContent(
      '£40 from your gift voucher (valid until 24 November 2027). £10 stays on it.Left to pay: £30.',
    );
    const check = calls.find((call) => call.path === '/api/vouchers/check');
    expect(Object.fromEntries(check?.query ?? [])).toEqual({ code: CODE, serviceId: swedish.id, duration: '60' });
    // The deposit is asked of what the voucher leaves, not of the price.
    expect(screen.getByText(/A deposit of £9 is due now/)).toBeInTheDocument();
    expect(screen.queryByText(/£21/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Gift voucher code' })).toHaveValue('ABCD-EFGH-JKMN-PQRS');

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]?.body).toMatchObject({ serviceId: swedish.id, voucherCode: CODE });
  });

  it('says nothing is left to pay when the voucher covers the price, and asks nothing up front', async () => {
    stubApi({
      'GET /api/vouchers/check': {
        status: 200,
        body: {
          usablePence: 7000,
          balancePence: 7000,
          expiresOn: '2027-11-24',
          leftToPayPence: 0,
          due: { kind: 'none' },
        },
      },
    });
    renderForm(deposit);
    await applyCode(CODE);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '£70 from your gift voucher (valid until 24 November 2027). That is all that is left on it.Nothing is left to pay.',
    );
    expect(screen.queryByText(/is due now/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeInTheDocument();
  });

  it('shows the server’s refusal at the field, changes nothing else, and books without the code', async () => {
    const calls = stubApi({
      'GET /api/vouchers/check': spent,
      'POST /api/bookings': { status: 201, body: bookingFixture() },
    });
    renderForm(deposit);
    await applyCode(CODE);
    expect(await within(voucherGroup()).findByRole('alert')).toHaveTextContent(spentMessage);
    expect(screen.getByRole('textbox', { name: 'Gift voucher code' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/A deposit of £21 is due now/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]?.body).not.toHaveProperty('voucherCode');
  });

  it('checks the code’s shape before asking the server', async () => {
    const calls = stubApi({});
    renderForm(deposit);
    await applyCode('ABCD-EFGH');
    expect(await within(voucherGroup()).findByRole('alert')).toHaveTextContent(
      'A voucher code has 16 letters and digits',
    );
    // Nothing about the voucher is asked (the client's courses are read on opening, for their session box).
    expect(calls.filter((call) => call.path !== '/api/courses')).toEqual([]);
  });

  it('applies the code on Enter without confirming the booking around it', async () => {
    const calls = stubApi({ 'GET /api/vouchers/check': { status: 200, body: partly } });
    renderForm(deposit);
    fireEvent.click(screen.getByRole('button', { name: 'Have a gift voucher?' }));
    const field = screen.getByRole('textbox', { name: 'Gift voucher code' });
    fireEvent.change(field, { target: { value: CODE } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByRole('status')).toHaveTextContent('£40 from your gift voucher');
    expect(posted(calls)).toEqual([]);
  });

  it('takes the voucher off with Remove: the figures go, the plain deposit comes back, and no code is sent', async () => {
    const calls = stubApi({
      'GET /api/vouchers/check': { status: 200, body: partly },
      'POST /api/bookings': { status: 201, body: bookingFixture() },
    });
    renderForm(deposit);
    await applyCode(CODE);
    await screen.findByRole('status');
    fireEvent.click(within(voucherGroup()).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/A deposit of £21 is due now/)).toBeInTheDocument();
    expect(within(voucherGroup()).getByRole('button', { name: 'Apply' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]?.body).not.toHaveProperty('voucherCode');
  });

  it('says at the field that the voucher was spent meanwhile when the booking is refused for it', async () => {
    const calls = stubApi({ 'GET /api/vouchers/check': { status: 200, body: partly }, 'POST /api/bookings': spent });
    renderForm(deposit);
    await applyCode(CODE);
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await within(voucherGroup()).findByRole('alert')).toHaveTextContent(spentMessage);
    expect(posted(calls)[0]?.body).toMatchObject({ voucherCode: CODE });
    // Said once, at the field: not again as a failed booking.
    expect(screen.queryByText('Could not book')).toBeNull();
    expect(screen.getAllByText(spentMessage)).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/A deposit of £21 is due now/)).toBeInTheDocument();
  });
});
