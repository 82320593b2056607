import { spawn } from 'node:child_process';
import type { Voucher } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, voucher } from '../../db/schema.ts';
import { addDays, localDateOf } from '../../lib/zoned-time.ts';
import { insertBooking, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { outboxSettled, startSmtpPeer, waitFor } from '../../test/smtp-peer.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { expireVouchers } from './expire-vouchers.ts';
import { sendDueVoucherEmails } from './voucher-emails.ts';

let peer: StripePeer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
let naturistId: string;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  smtp = await startSmtpPeer();
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_MAX: '100000',
      API_RATE_LIMIT_MAX: '100000',
      BUSINESS_NAME: 'Soothe Voucher Studio',
      BUSINESS_EMAIL: 'hello@soothe.example',
      BUSINESS_PHONE: '020 7946 0000',
      SMTP_URL: smtp.url,
      ...peer.env(),
    },
    { jobs: true },
  );
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  owner = await signedIn(t, { role: 'admin' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
  naturistId = (await serviceOfType(t, 'naturist')).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
  await smtp.close();
});

/** Debits minus credits of each account, summed over every journal line in SQL. */
async function ledgerNet(): Promise<Record<string, number>> {
  const result = (await t.db.execute(
    sql`select account_code as code, sum(debit_pence - credit_pence)::text as net from journal_line group by account_code`,
  )) as unknown as { rows: { code: string; net: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.code, Number(r.net)]));
}
function change(before: Record<string, number>, after: Record<string, number>) {
  const codes = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...codes].map((code) => [code, (after[code] ?? 0) - (before[code] ?? 0)]).filter(([, value]) => value !== 0),
  );
}
async function unbalancedEntries() {
  const result = (await t.db.execute(
    sql`select entry_id from journal_line group by entry_id having sum(debit_pence) <> sum(credit_pence)`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
}

async function setVat(registered: boolean) {
  const saved = await owner.call('PUT', '/api/admin/invoices/settings', {
    vatRegistered: registered,
    vatNumber: registered ? 'GB123456789' : '',
    vatRatePercent: 20,
    invoiceDueDays: 14,
    invoiceFooter: '',
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function issue(body: Record<string, unknown>): Promise<Voucher> {
  const made = await owner.call('POST', '/api/admin/vouchers', {
    kind: 'amount',
    method: 'cash',
    buyerName: 'Bea Buyer',
    ...body,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

let bookingDay = 0;
async function aBooking(type = 'swedish') {
  const client = await signedIn(t);
  return insertBooking(t, {
    type,
    status: 'completed',
    startsAt: new Date(Date.now() - (1 + bookingDay++) * 86_400_000),
    client: { id: client.id, email: client.email },
  });
}

const redeem = (code: string | null, bookingId: string, amountPence: number) =>
  owner.call('POST', '/api/admin/vouchers/redeem', { code, bookingId, amountPence });

function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-', '-']);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pdftotext exited ${code}`))));
    child.stdin.end(bytes);
  });
}

const today = () => localDateOf(Date.now(), 'Europe/London');

describe('a voucher sold in person', () => {
  it('gets an unguessable code in groups and is owed in vouchers outstanding, with no VAT on an amount', async () => {
    const before = await ledgerNet();
    const sold = await issue({ amountPence: 5000, method: 'cash', buyerName: 'Cash Carol' });
    expect(sold.code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(sold).toMatchObject({
      valuePence: 5000,
      balancePence: 5000,
      status: 'active',
      label: '£50.00 gift voucher',
    });
    expect(change(before, await ledgerNet())).toEqual({ '1000': 5000, '2310': -5000 });
    const other = await issue({ amountPence: 5000 });
    expect(other.code).not.toBe(sold.code);
  });

  it('counts the VAT of a named treatment when it is sold (single-purpose), paid by card', async () => {
    await setVat(true);
    try {
      const before = await ledgerNet();
      const sold = await issue({ kind: 'treatment', serviceId: swedishId, durationMinutes: 60, method: 'card' });
      expect(sold).toMatchObject({ valuePence: 7000, label: '60-minute Swedish massage' });
      // £70 including 20 % VAT: £11.67 VAT now, £58.33 owed.
      expect(change(before, await ledgerNet())).toEqual({ '1020': 7000, '2310': -5833, '2200': -1167 });
    } finally {
      await setVat(false);
    }
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await ledgerNet();
    const noAmount = await owner.call('POST', '/api/admin/vouchers', {
      kind: 'amount',
      method: 'cash',
      buyerName: 'X',
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.message).toMatch(/amount/i);
    const halfGift = await owner.call('POST', '/api/admin/vouchers', {
      kind: 'amount',
      amountPence: 2000,
      method: 'cash',
      buyerName: 'X',
      recipientName: 'Only A Name',
    });
    expect(halfGift.statusCode).toBe(400);
    expect(halfGift.json().error.message).toMatch(/recipient/i);
    const badLength = await owner.call('POST', '/api/admin/vouchers', {
      kind: 'treatment',
      serviceId: swedishId,
      durationMinutes: 45,
      method: 'cash',
      buyerName: 'X',
    });
    expect(badLength.statusCode).toBe(400);
    expect(change(before, await ledgerNet())).toEqual({});
  });
});

describe('redeeming a voucher', () => {
  it('spends part of it twice, leaving the rest on the code, and makes each part a sale with its VAT', async () => {
    await setVat(true);
    try {
      const sold = await issue({ amountPence: 5000 });
      const before = await ledgerNet();
      const first = await redeem(sold.code, (await aBooking()).id, 2000);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ balancePence: 3000, status: 'active' });
      // Typed without dashes and in lower case, it is the same code.
      const second = await redeem(sold.code?.replaceAll('-', '').toLowerCase() ?? '', (await aBooking()).id, 1500);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().balancePence).toBe(1500);
      expect(second.json().redemptions.map((r: { amountPence: number }) => r.amountPence)).toEqual([2000, 1500]);
      // An amount's VAT is due when spent: £20 is £16.67 + £3.33, £15 is £12.50 + £2.50.
      expect(change(before, await ledgerNet())).toEqual({ '2310': 3500, '4000': -2917, '2200': -583 });
      const tooMuch = await redeem(sold.code, (await aBooking()).id, 2000);
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error).toEqual({
        code: 'VOUCHER_SPENT',
        message: 'Only £15.00 is left on this voucher, less than £20.00.',
      });
    } finally {
      await setVat(false);
    }
  });

  it('moves only the net of a single-purpose voucher to sales (its VAT was counted at sale)', async () => {
    await setVat(true);
    try {
      const sold = await issue({ kind: 'treatment', serviceId: naturistId, durationMinutes: 60 });
      expect(sold.label).toBe('60-minute massage');
      const before = await ledgerNet();
      expect((await redeem(sold.code, (await aBooking('naturist')).id, 13000)).statusCode).toBe(200);
      expect(change(before, await ledgerNet())).toEqual({ '2310': 10833, '4010': -10833 });
    } finally {
      await setVat(false);
    }
  });

  it('refuses a spent code and an expired one, each with its own message, changing nothing', async () => {
    const spent = await issue({ amountPence: 1000 });
    expect((await redeem(spent.code, (await aBooking()).id, 1000)).statusCode).toBe(200);
    const old = await issue({ amountPence: 2500 });
    const before = await ledgerNet();
    const again = await redeem(spent.code, (await aBooking()).id, 100);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'VOUCHER_SPENT',
      message: 'This voucher has been spent: nothing is left on it.',
    });

    // Sold long ago: its last valid day was yesterday.
    await t.db
      .update(voucher)
      .set({ expiresOn: addDays(today(), -1) })
      .where(eq(voucher.id, old.id));
    const late = await redeem(old.code, (await aBooking()).id, 100);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('VOUCHER_EXPIRED');
    expect(late.json().error.message).toMatch(/^This voucher expired on \d{1,2} \w+ \d{4}\.$/);
    const unknown = await redeem('ABCD-EFGH-JKMN-PQRS', (await aBooking()).id, 100);
    expect(unknown.statusCode).toBe(404);
    const malformed = await redeem('not a code', (await aBooking()).id, 100);
    expect(malformed.statusCode).toBe(400);
    expect(change(before, await ledgerNet())).toEqual({});
    // Closed by the daily job, as it would have been overnight, so later tests start from settled books.
    await expireVouchers(t.context);
  });

  it('never spends more than the balance when the same code is redeemed 20 times at once', async () => {
    const sold = await issue({ amountPence: 10_000 });
    const bookings = await Promise.all(Array.from({ length: 20 }, () => aBooking()));
    const answers = await Promise.all(bookings.map((b) => redeem(sold.code, b.id, 1000)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.code).toBe('VOUCHER_SPENT');
    const spent = (await t.db.execute(sql`
      select coalesce(sum(r.amount_pence), 0)::int as spent, count(*)::int as times, v.balance_pence as balance
      from voucher v left join voucher_redemption r on r.voucher_id = v.id
      where v.id = ${sold.id} group by v.balance_pence`)) as unknown as {
      rows: { spent: number; times: number; balance: number }[];
    };
    expect(spent.rows[0]).toEqual({ spent: 10_000, times: 10, balance: 0 });
    const posted = (await t.db.execute(sql`
      select coalesce(sum(l.debit_pence), 0)::int as released from journal_line l
      join journal_entry e on e.id = l.entry_id
      join voucher_redemption r on r.id::text = e.source_id
      where e.source_type = 'voucher_redeemed' and r.voucher_id = ${sold.id} and l.account_code = '2310'`)) as unknown as {
      rows: { released: number }[];
    };
    expect(posted.rows[0]?.released).toBe(10_000);
    expect(await unbalancedEntries()).toBe(0);
  });
});

describe('a booking paid with a voucher', () => {
  it('reads as paid wherever its paid figure is shown, names the voucher by its last four signs, and posts the sale once', async () => {
    const first = await issue({ amountPence: 3000 });
    const second = await issue({ amountPence: 10000 });
    const paid = await aBooking();
    const before = await ledgerNet();
    expect((await redeem(first.code, paid.id, 3000)).statusCode).toBe(200);
    expect((await redeem(second.code, paid.id, paid.pricePence - 3000)).statusCode).toBe(200);

    const sheet = await owner.call('GET', `/api/admin/bookings/${paid.id}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().booking).toMatchObject({ paidPence: paid.pricePence, voucherPaidPence: paid.pricePence });
    expect(sheet.json().payments).toEqual([]);
    expect(sheet.json().voucherRedemptions).toMatchObject([
      { amountPence: 3000, codeLast4: first.code?.slice(-4) },
      { amountPence: paid.pricePence - 3000, codeLast4: second.code?.slice(-4) },
    ]);
    // The whole code is never on the sheet (decision 052).
    expect(sheet.body).not.toContain(first.code?.replaceAll('-', ''));

    const list = await owner.call('GET', '/api/admin/bookings?pageSize=100');
    const listed = list.json().bookings.find((b: { id: string }) => b.id === paid.id);
    expect(listed).toMatchObject({ paidPence: paid.pricePence, voucherPaidPence: paid.pricePence });
    const billable = await owner.call('GET', '/api/admin/invoices/billable-bookings');
    const billed = billable.json().bookings.find((b: { id: string }) => b.id === paid.id);
    expect(billed.paidPence).toBe(paid.pricePence);

    // Only the redemptions' postings: out of vouchers outstanding into sales, no payment on top.
    expect(change(before, await ledgerNet())).toEqual({ '2310': paid.pricePence, '4000': -paid.pricePence });
    expect(await unbalancedEntries()).toBe(0);

    // Cash refunded by hand stays bounded by cash taken: the voucher's money is not paid out in notes.
    const refund = await owner.call('POST', `/api/admin/bookings/${paid.id}/refunds`, {
      amountPence: 100,
      method: 'cash',
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().error.message).toBe('Nothing has been paid for this booking.');
  });

  it('is not invoiced, so its sale is never counted twice', async () => {
    const sold = await issue({ amountPence: 1000 });
    const part = await aBooking();
    expect((await redeem(sold.code, part.id, 1000)).statusCode).toBe(200);
    const draft = await owner.call('POST', `/api/admin/invoices/from-booking/${part.id}`);
    expect(draft.statusCode, draft.body).toBe(201);
    const before = await ledgerNet();
    const refused = await owner.call('POST', `/api/admin/invoices/${draft.json().id}/issue`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'A gift voucher paid towards this booking: its sale is already recorded, so it cannot be invoiced.',
    );
    expect((await owner.call('GET', `/api/admin/invoices/${draft.json().id}`)).json().status).toBe('draft');
    expect(change(before, await ledgerNet())).toEqual({});
  });

  it('adds a voucher and cash together, so only what remains is due', async () => {
    const sold = await issue({ amountPence: 2500 });
    const mixed = await aBooking();
    expect((await redeem(sold.code, mixed.id, 2500)).statusCode).toBe(200);
    const cash = await owner.call('POST', `/api/admin/bookings/${mixed.id}/payments`, {
      amountPence: 1000,
      method: 'cash',
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const sheet = (await owner.call('GET', `/api/admin/bookings/${mixed.id}`)).json();
    expect(sheet.booking).toMatchObject({ paidPence: 3500, voucherPaidPence: 2500 });
    expect(sheet.payments).toHaveLength(1);
    expect(sheet.voucherRedemptions).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('releases what is left to other income once, the day after the last valid day', async () => {
    const amount = await issue({ amountPence: 4000 });
    expect((await redeem(amount.code, (await aBooking()).id, 1000)).statusCode).toBe(200);
    await setVat(true);
    const treatment = await issue({ kind: 'treatment', serviceId: swedishId, durationMinutes: 90 });
    await setVat(false);
    const lastDay = addDays(today(), 30);
    await t.db.update(voucher).set({ expiresOn: lastDay }).where(eq(voucher.id, amount.id));
    await t.db.update(voucher).set({ expiresOn: lastDay }).where(eq(voucher.id, treatment.id));
    const deps = { ...t.context, now: () => Date.parse(`${lastDay}T12:00:00Z`) };
    const before = await ledgerNet();
    await expireVouchers(deps);
    expect(change(before, await ledgerNet())).toEqual({});

    const after = { ...t.context, now: () => Date.parse(`${addDays(lastDay, 1)}T12:00:00Z`) };
    expect(await expireVouchers(after)).toBeGreaterThanOrEqual(2);
    // £30 left of the amount, and the £95 treatment net of its £15.83 VAT (paid at sale).
    expect(change(before, await ledgerNet())).toEqual({ '2310': 3000 + 7917, '4090': -(3000 + 7917) });
    const [row] = await t.db.select().from(voucher).where(eq(voucher.id, amount.id));
    expect(row).toMatchObject({ status: 'expired', balancePence: 0, expiredPence: 3000 });
    const settled = await ledgerNet();
    await expireVouchers(after);
    expect(change(settled, await ledgerNet())).toEqual({});
  });
});

describe('the back office list', () => {
  it('finds a voucher by its code, whole or in part, with or without dashes, or by its buyer', async () => {
    const sold = await issue({ amountPence: 3000, buyerName: 'Quentin Findable', buyerEmail: 'quentin@find.example' });
    const code = sold.code ?? '';
    for (const q of [code, code.replaceAll('-', '').toLowerCase(), code.slice(5, 14), 'quentin find', 'quentin@find']) {
      const found = await owner.call('GET', `/api/admin/vouchers?q=${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
      expect(
        found.json().vouchers.map((v: Voucher) => v.id),
        q,
      ).toContain(sold.id);
    }
    const byName = (await owner.call('GET', '/api/admin/vouchers?q=quentin%20findable')).json();
    expect(byName.total).toBe(1);
    const none = (await owner.call('GET', '/api/admin/vouchers?q=nobody-by-this-name')).json();
    expect(none.vouchers).toEqual([]);
  });

  it('is the owner’s alone; a client sees only their own purchases', async () => {
    const client = await signedIn(t);
    const other = await signedIn(t);
    expect((await client.call('GET', '/api/admin/vouchers')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/vouchers' })).statusCode).toBe(401);
    expect(
      (await client.call('POST', '/api/admin/vouchers/redeem', { code: 'x', bookingId: 'y', amountPence: 1 }))
        .statusCode,
    ).toBe(403);
    const bought = await client.call('POST', '/api/vouchers', { kind: 'amount', amountPence: 2500 });
    expect(bought.statusCode, bought.body).toBe(201);
    const id = bought.json().voucher.id;
    expect((await client.call('GET', '/api/vouchers')).json().map((v: Voucher) => v.id)).toEqual([id]);
    expect((await other.call('GET', '/api/vouchers')).json()).toEqual([]);
    expect((await other.call('GET', `/api/vouchers/${id}`)).statusCode).toBe(404);
    expect((await client.call('GET', `/api/vouchers/${id}`)).statusCode).toBe(200);
  });
});

describe('a voucher bought online', () => {
  const giftBody = (extra: Record<string, unknown> = {}) => ({
    kind: 'treatment',
    serviceId: naturistId,
    durationMinutes: 60,
    recipientName: 'Greta Giftee',
    recipientEmail: `greta.${Math.random().toString(36).slice(2, 7)}@example.test`,
    message: 'Happy birthday, with love',
    ...extra,
  });

  // A sensual treatment is not sold online at all: Stripe prohibits it (decision 065, prohibited-payments.test.ts).
  it('is issued once by the verified webhook (delivered twice) and emailed with its PDF, naming no treatment', async () => {
    const client = await signedIn(t);
    const before = await ledgerNet();
    const body = giftBody({ kind: 'amount', amountPence: 13000, serviceId: undefined, durationMinutes: undefined });
    const bought = await client.call('POST', '/api/vouchers', body);
    expect(bought.statusCode, bought.body).toBe(201);
    const { voucher: made, clientSecret } = bought.json();
    expect(made).toMatchObject({ status: 'awaiting_payment', code: null, valuePence: 13000 });
    const [row] = await t.db.select().from(voucher).where(eq(voucher.id, made.id));
    const intent = peer.intent(row?.intentId ?? '');
    expect(clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 13000, metadata: { voucherId: made.id, purpose: 'voucher' } });
    expect(intent.description).toBe('Gift voucher');
    expect(JSON.stringify(intent)).not.toMatch(/naturist|sensual/i);
    expect(change(before, await ledgerNet())).toEqual({});

    const { statuses } = await peer.succeed(intent.id, { times: 2 });
    expect(statuses).toEqual([200, 200]);
    expect(change(before, await ledgerNet())).toEqual({ '1030': 13000, '2310': -13000 });
    const issued: Voucher = (await client.call('GET', `/api/vouchers/${made.id}`)).json();
    expect(issued).toMatchObject({ status: 'active', balancePence: 13000, label: '£130.00 gift voucher' });

    const mail = await waitFor(async () => {
      const [found] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, body.recipientEmail));
      return found;
    });
    expect(mail.kind).toBe('voucher');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/naturist|sensual/i);
    expect(mail.text).toContain(issued.code);
    const received = await waitFor(() =>
      smtp.received.find((m) => m.subject === mail.subject && m.text?.includes(issued.code ?? '-')),
    );
    expect(received.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const text = await pdfText(received.attachments[0]?.content ?? Buffer.alloc(0));
    for (const words of [
      'Soothe Voucher Studio',
      'Gift voucher',
      issued.code ?? '-',
      'For Greta Giftee',
      '£130.00 gift voucher',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/naturist|sensual/i);
    await outboxSettled(t.db);
    expect(smtp.received.filter((m) => m.text?.includes(issued.code ?? '-'))).toHaveLength(1);
  });

  it('is issued when the client is back from the payment before the webhook, which then changes nothing', async () => {
    const client = await signedIn(t);
    const bought = (await client.call('POST', '/api/vouchers', { kind: 'amount', amountPence: 4000 })).json();
    const [row] = await t.db.select().from(voucher).where(eq(voucher.id, bought.voucher.id));
    const before = await ledgerNet();
    const { event } = await peer.succeed(row?.intentId ?? '', { deliver: false });
    const back: Voucher = (await client.call('GET', `/api/vouchers/${bought.voucher.id}`)).json();
    expect(back).toMatchObject({ status: 'active', balancePence: 4000 });
    expect(back.code).toMatch(/^[A-Z2-9]{4}-/);
    expect((await peer.send(event)).statuses).toEqual([200]);
    expect(change(before, await ledgerNet())).toEqual({ '1030': 4000, '2310': -4000 });
  });

  it('emails a gift on its send date, not before', async () => {
    const client = await signedIn(t);
    const sendOn = addDays(today(), 3);
    const body = giftBody({
      kind: 'amount',
      amountPence: 6000,
      serviceId: undefined,
      durationMinutes: undefined,
      sendOn,
    });
    const bought = (await client.call('POST', '/api/vouchers', body)).json();
    const [row] = await t.db.select().from(voucher).where(eq(voucher.id, bought.voucher.id));
    await peer.succeed(row?.intentId ?? '');
    expect((await client.call('GET', `/api/vouchers/${bought.voucher.id}`)).json().status).toBe('active');
    const outbox = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, body.recipientEmail));
    await sendDueVoucherEmails({ ...t.context, now: () => Date.parse(`${addDays(sendOn, -1)}T12:00:00Z`) });
    expect(await outbox()).toEqual([]);
    await sendDueVoucherEmails({ ...t.context, now: () => Date.parse(`${sendOn}T09:00:00Z`) });
    const [mail] = await outbox();
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    const text = await pdfText(Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(text).toContain('£60.00 gift voucher');
    expect(text).toContain('Happy birthday, with love');
    await sendDueVoucherEmails({ ...t.context, now: () => Date.parse(`${sendOn}T10:00:00Z`) });
    expect(await outbox()).toHaveLength(1);
  });
});

describe('an install without Stripe', () => {
  it('sells no voucher online and says they are sold in person; the owner still sells one', async () => {
    const plain = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000' });
    try {
      const client = await signedIn(plain);
      const refused = await client.call('POST', '/api/vouchers', { kind: 'amount', amountPence: 2500 });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe('Gift vouchers are sold in person here.');
      expect((await plain.app.inject({ method: 'GET', url: '/api/config' })).json().payments.online).toBe(false);
      const admin = await signedIn(plain, { role: 'admin' });
      const sold = await admin.call('POST', '/api/admin/vouchers', {
        kind: 'amount',
        amountPence: 2500,
        method: 'cash',
        buyerName: 'Walk-in Wendy',
      });
      expect(sold.statusCode, sold.body).toBe(201);
    } finally {
      await plain.close();
    }
  });
});
