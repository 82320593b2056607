import type { AddressInfo } from 'node:net';
import type { DrillDown, HmrcConnection, NineBoxes, VatObligation, VatReturnReceipt } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, hmrcConnection, journalEntry, vatMovedEntry, vatReturn } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { type HmrcPeer, newVrn, startHmrcPeer } from '../../test/hmrc-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { postJournalEntry } from '../ledger/ledger.service.ts';
import { bookingPaymentEntry, expenseEntry } from '../ledger/postings.ts';
import { HmrcError, submitReturn } from './hmrc-client.ts';

let peer: HmrcPeer;
let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signedIn>>;
const vrn = newVrn();

/** What the owner's browser says of itself with each VAT request (the web app's fraud-context.ts gathers it). */
const browser = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  screens: [{ width: 1920, height: 1080, scalingFactor: 1, colourDepth: 24 }],
  windowSize: { width: 1256, height: 803 },
  utcOffsetMinutes: 60,
  webVersion: '0.1.0',
};

/** The owner's browser over a real connection (HMRC wants the client's port, which an injected request has not). */
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const cookie = Object.entries(admin.agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      cookie,
      origin: 'http://localhost:3000',
      'x-client-context': JSON.stringify(browser),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), json: () => JSON.parse(text) };
}

/** The owner's round trip through HMRC's consent page: answers where the browser lands. */
async function connect(withVrn: string) {
  const started = await call('POST', '/api/admin/vat/connection', { vrn: `GB ${withVrn}` });
  expect(started.status).toBe(200);
  const consent = await fetch(started.json().authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const landed = await call('GET', `${back.pathname}${back.search}`);
  expect(landed.status).toBe(302);
  return landed.location;
}

const obligations: VatObligation[] = [
  { periodKey: '24A4', start: '2024-10-01', end: '2024-12-31', due: '2025-02-07', status: 'F', received: '2025-02-01' },
  { periodKey: '25A1', start: '2025-01-01', end: '2025-03-31', due: '2025-05-07', status: 'O', received: null },
  { periodKey: '25A2', start: '2025-04-01', end: '2025-06-30', due: '2025-08-07', status: 'O', received: null },
  { periodKey: '25A3', start: '2025-07-01', end: '2025-09-30', due: '2025-11-07', status: 'O', received: null },
  { periodKey: '99A1', start: '2099-01-01', end: '2099-03-31', due: '2099-05-07', status: 'O', received: null },
];

beforeAll(async () => {
  peer = await startHmrcPeer();
  peer.addObligations(
    vrn,
    obligations.map(({ received, ...rest }) => (received ? { ...rest, received } : rest)),
  );
  t = await createTestApp(peer.env());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signedIn(t, { role: 'admin' });
  // The first quarter of 2025: a therapeutic (£50 + £10 VAT) and a sensual (£75 + £15 VAT) payment, rent £100 + £20 VAT.
  const sale = (style: 'therapeutic' | 'sensual') => ({ style, serviceType: 'swedish', vatRateBp: 2000 });
  for (const draft of [
    bookingPaymentEntry({
      paymentId: 'vp1',
      date: '2025-01-10',
      amountPence: 6000,
      method: 'card',
      sale: sale('therapeutic'),
      description: 'Payment',
    }),
    bookingPaymentEntry({
      paymentId: 'vp2',
      date: '2025-02-15',
      amountPence: 9000,
      method: 'cash',
      sale: sale('sensual'),
      description: 'Payment',
    }),
    expenseEntry({
      expenseId: 've1',
      date: '2025-02-20',
      description: 'Rent',
      expenseAccountCode: '5020',
      amountPence: 12000,
      vatPence: 2000,
      method: 'bank_transfer',
    }),
  ])
    await postJournalEntry(t.db, { draft, createdBy: null });
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('connecting to HMRC', () => {
  it('says the business is not connected yet, and which HMRC it would talk to', async () => {
    const status = (await call('GET', '/api/admin/vat/connection')).json() as HmrcConnection;
    expect(status).toMatchObject({ configured: true, connected: false, vrn: null, apiUrl: peer.url });
  });

  it('refuses a VAT registration number that is not 9 digits', async () => {
    const answer = await call('POST', '/api/admin/vat/connection', { vrn: '12345' });
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain('9 digits');
  });

  it('goes back to the screen saying so when the owner refuses consent on HMRC', async () => {
    peer.denyNextConsent();
    expect(await connect(vrn)).toBe('/vat-returns?hmrc=refused');
    expect((await call('GET', '/api/admin/vat/connection')).json().connected).toBe(false);
  });

  it('ignores a return from HMRC with a state it did not give out', async () => {
    await call('POST', '/api/admin/vat/connection', { vrn });
    const landed = await call('GET', '/api/admin/vat/callback?code=stolen&state=forged');
    expect(landed.location).toBe('/vat-returns?hmrc=expired');
  });

  it('connects with the authorisation code, keeps the tokens sealed and audits it', async () => {
    expect(await connect(vrn)).toBe('/vat-returns?hmrc=connected');
    const status = (await call('GET', '/api/admin/vat/connection')).json() as HmrcConnection;
    expect(status).toMatchObject({ connected: true, vrn, connectedBy: admin.email });
    const [row] = await t.db.select().from(hmrcConnection);
    expect(row?.sealedTokens).toMatch(/^v1\./);
    expect(peer.grants).toContain('authorization_code');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'hmrc.connect'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(row?.sealedTokens ?? 'none');
  });

  it('refuses a second connection while one is there', async () => {
    const answer = await call('POST', '/api/admin/vat/connection', { vrn });
    expect(answer.status).toBe(409);
  });
});

describe('obligations', () => {
  it('lists the open and fulfilled periods HMRC has, newest first', async () => {
    const answer = await call('GET', '/api/admin/vat/obligations?from=2024-06-01&to=2025-12-31');
    expect(answer.status).toBe(200);
    const listed = answer.json().obligations as VatObligation[];
    expect(listed.map((item) => [item.periodKey, item.status])).toEqual([
      ['25A3', 'O'],
      ['25A2', 'O'],
      ['25A1', 'O'],
      ['24A4', 'F'],
    ]);
    expect(listed[3]?.received).toBe('2025-02-01');
  });

  it('asks for the browser details HMRC requires before calling HMRC', async () => {
    const answer = await call('GET', '/api/admin/vat/obligations?from=2025-01-01&to=2025-12-31', undefined, {
      'x-client-context': '',
    });
    expect(answer.status).toBe(400);
  });

  it('refreshes the tokens once HMRC says they have run out, and tries again', async () => {
    const [before] = await t.db.select().from(hmrcConnection);
    peer.expireAccessTokens();
    const answer = await call('GET', '/api/admin/vat/obligations?from=2025-01-01&to=2025-03-31');
    expect(answer.status).toBe(200);
    expect(peer.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(1);
    const [after] = await t.db.select().from(hmrcConnection);
    expect(after?.sealedTokens).not.toBe(before?.sealedTokens);
  });

  it('shows HMRC liabilities and payments (none yet)', async () => {
    const answer = await call('GET', '/api/admin/vat/liabilities?from=2025-01-01&to=2025-12-31');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ liabilities: [], payments: [] });
  });
});

describe('the nine boxes', () => {
  const q1 = 'from=2025-01-01&to=2025-03-31';
  it('are the ledger VAT report of the period', async () => {
    const answer = await call('GET', `/api/admin/vat/boxes?${q1}`);
    expect(answer.json().boxes).toEqual({
      vatDueSales: 2500,
      vatDueAcquisitions: 0,
      totalVatDue: 2500,
      vatReclaimedCurrPeriod: 2000,
      netVatDue: 500,
      totalValueSalesExVAT: 12500,
      totalValuePurchasesExVAT: 10000,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
    } satisfies NineBoxes);
  });

  it.each([
    ['1', 2500, 2],
    ['3', 2500, 2],
    ['4', 2000, 1],
    ['5', 500, 3],
    ['6', 12500, 2],
    ['7', 10000, 1],
  ])('drill down from box %s to the journal lines that add up to it', async (box, total, count) => {
    const drill = (await call('GET', `/api/admin/vat/drill-down?${q1}&box=${box}`)).json() as DrillDown;
    expect(drill.total).toBe(total);
    expect(drill.lines).toHaveLength(count);
    expect(drill.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
    for (const line of drill.lines)
      expect(line).toMatchObject({ date: expect.stringMatching(/^2025-0[1-3]/), movedFrom: null });
  });
});

describe('submitting a return', () => {
  const q1 = { periodKey: '25A1', start: '2025-01-01', end: '2025-03-31' };

  it('needs the declaration ticked', async () => {
    const answer = await call('POST', '/api/admin/vat/returns', { ...q1, declaration: false });
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain('declaration');
  });

  it('refuses a period HMRC does not list as open, and one not yet ended', async () => {
    const unknown = await call('POST', '/api/admin/vat/returns', { ...q1, periodKey: '25Z9', declaration: true });
    expect(unknown.status).toBe(409);
    expect(unknown.json().error.message).toContain('no open period');
    const filed = await call('POST', '/api/admin/vat/returns', {
      periodKey: '24A4',
      start: '2024-10-01',
      end: '2024-12-31',
      declaration: true,
    });
    expect(filed.status).toBe(409);
    expect(filed.json().error.message).toContain('already filed');
    const future = await call('POST', '/api/admin/vat/returns', {
      periodKey: '99A1',
      start: '2099-01-01',
      end: '2099-03-31',
      declaration: true,
    });
    expect(future.status).toBe(409);
    expect(await t.db.select().from(vatReturn)).toEqual([]);
  });

  it('answers HMRC DUPLICATE_SUBMISSION in plain words and keeps no lock', async () => {
    peer.fileElsewhere(vrn, '25A3');
    const answer = await call('POST', '/api/admin/vat/returns', {
      periodKey: '25A3',
      start: '2025-07-01',
      end: '2025-09-30',
      declaration: true,
    });
    expect(answer.status).toBe(409);
    expect(answer.json().error).toMatchObject({ details: { hmrcCode: 'DUPLICATE_SUBMISSION' } });
    expect(answer.json().error.message).toContain('cannot be sent twice');
    expect(await t.db.select().from(vatReturn)).toEqual([]);
  });

  it('sends the boxes in pounds, keeps HMRC receipt with the figures and audits it', async () => {
    const answer = await call('POST', '/api/admin/vat/returns', { ...q1, declaration: true });
    expect(answer.status).toBe(201);
    const receipt = answer.json() as VatReturnReceipt;
    expect(receipt).toMatchObject({ periodKey: '25A1', start: '2025-01-01', end: '2025-03-31' });
    expect(receipt.formBundleNumber).toMatch(/^\d{12}$/);
    expect(receipt.chargeRefNumber).toMatch(/^XM/);
    expect(receipt.processingDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(peer.returnsOf(vrn).get('25A1')).toEqual({
      periodKey: '25A1',
      vatDueSales: 25,
      vatDueAcquisitions: 0,
      totalVatDue: 25,
      vatReclaimedCurrPeriod: 20,
      netVatDue: 5,
      totalValueSalesExVAT: 125,
      totalValuePurchasesExVAT: 100,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    });
    const kept = (await call('GET', '/api/admin/vat/returns')).json() as VatReturnReceipt[];
    expect(kept).toEqual([receipt]);
    expect(kept[0]?.boxes.netVatDue).toBe(500);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'vat_return.submit'));
    expect(audits).toHaveLength(1);
    const listed = (await call('GET', '/api/admin/vat/obligations?from=2025-01-01&to=2025-03-31')).json();
    expect(listed.obligations[0].status).toBe('F');
  });

  it('refuses to file the same period twice', async () => {
    const again = await call('POST', '/api/admin/vat/returns', { ...q1, declaration: true });
    expect(again.status).toBe(409);
  });

  it('locks the period: a posting dated in it goes to the first day after, keeping the day it happened', async () => {
    const posted = await postJournalEntry(t.db, {
      draft: expenseEntry({
        expenseId: 've-late',
        date: '2025-03-15',
        description: 'Oils bought in March, entered late',
        expenseAccountCode: '5020',
        amountPence: 2400,
        vatPence: 400,
        method: 'cash',
      }),
      createdBy: null,
    });
    const [entry] = await t.db.select().from(journalEntry).where(eq(journalEntry.id, posted.id));
    expect(entry?.date).toBe('2025-04-01');
    expect(await t.db.select().from(vatMovedEntry)).toMatchObject([{ entryId: posted.id, intendedDate: '2025-03-15' }]);
    // The filed quarter's figures are as sent; the correction is in the next one, shown where it came from.
    expect(
      (await call('GET', '/api/admin/vat/boxes?from=2025-01-01&to=2025-03-31')).json().boxes.vatReclaimedCurrPeriod,
    ).toBe(2000);
    const drill = (
      await call('GET', '/api/admin/vat/drill-down?from=2025-04-01&to=2025-06-30&box=4')
    ).json() as DrillDown;
    expect(drill.lines).toMatchObject([{ date: '2025-04-01', amount: 400, movedFrom: '2025-03-15' }]);
  });

  it('keeps postings after the period where they are', async () => {
    const posted = await postJournalEntry(t.db, {
      draft: bookingPaymentEntry({
        paymentId: 'vp-may',
        date: '2025-05-02',
        amountPence: 1200,
        method: 'cash',
        sale: { style: 'therapeutic', serviceType: 'swedish', vatRateBp: 2000 },
        description: 'Payment',
      }),
      createdBy: null,
    });
    const [entry] = await t.db.select().from(journalEntry).where(eq(journalEntry.id, posted.id));
    expect(entry?.date).toBe('2025-05-02');
  });

  it('sent HMRC fraud-prevention headers it finds no fault in on every call', () => {
    expect(peer.fraudChecks.length).toBeGreaterThan(5);
    for (const check of peer.fraudChecks.filter((item) => item.path.includes(vrn)))
      expect(check.validation.errors).toEqual([]);
  });

  it("answers HMRC's INVALID_PERIODKEY and refusal of badly added boxes", async () => {
    const [row] = await t.db.select().from(hmrcConnection);
    const { unseal } = await import('../records/records-crypto.ts');
    const tokens = unseal<{ accessToken: string }>(
      t.context.recordsKey,
      row?.sealedTokens ?? '',
      'hmrc-connection:tokens',
    );
    const config = { apiUrl: peer.url, authUrl: peer.url, clientId: '', clientSecret: '' };
    const callWith = { accessToken: tokens.accessToken, fraudHeaders: {} };
    const body = {
      periodKey: 'ZZZZ',
      vatDueSales: 1,
      vatDueAcquisitions: 0,
      totalVatDue: 1,
      vatReclaimedCurrPeriod: 0,
      netVatDue: 1,
      totalValueSalesExVAT: 5,
      totalValuePurchasesExVAT: 0,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    };
    await expect(submitReturn(config, callWith, vrn, body)).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PERIODKEY',
    });
    await expect(
      submitReturn(config, callWith, vrn, { ...body, periodKey: '25A2', netVatDue: 3 }),
    ).rejects.toBeInstanceOf(HmrcError);
  });
});

describe('disconnecting', () => {
  it('forgets the tokens and audits it', async () => {
    expect((await call('DELETE', '/api/admin/vat/connection')).status).toBe(204);
    expect((await call('GET', '/api/admin/vat/connection')).json().connected).toBe(false);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'hmrc.disconnect'))).toHaveLength(1);
    expect((await call('GET', '/api/admin/vat/obligations?from=2025-01-01&to=2025-03-31')).status).toBe(409);
  });

  it('passes on HMRC VRN_INVALID for a number whose check digits are wrong', async () => {
    const wrong = `${vrn.slice(0, 7)}${String((Number(vrn.slice(7)) + 1) % 100).padStart(2, '0')}`;
    expect(await connect(wrong)).toBe('/vat-returns?hmrc=connected');
    const answer = await call('GET', '/api/admin/vat/obligations?from=2025-01-01&to=2025-03-31');
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain('VAT registration number is not valid');
  });

  it('is not for anyone but the owner', async () => {
    const client = await signedIn(t);
    expect((await client.call('GET', '/api/admin/vat/connection')).statusCode).toBe(403);
    expect((await client.call('POST', '/api/admin/vat/returns', { ...{} })).statusCode).toBe(403);
  });
});
