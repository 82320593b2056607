import { accountCodes } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFrom } from '../../cli/commands.ts';
import { onlinePayment, stripeBalanceTransaction } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { syncStripeBalance } from './stripe-balance.service.ts';

// Stripe's fees and payouts reach the books from its balance transactions, each once (decision 054).

let peer: StripePeer;
let t: TestApp;
let swedishId: string;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', ADMIN_EMAIL: 'owner@example.test', ...peer.env() });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  swedishId = (await serviceOfType(t, 'swedish')).id;
  const owner = await signedIn(t, { role: 'admin' });
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: 24,
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

let slot = 0;
/** A client books two weeks or more ahead (free to cancel) and pays the £20 deposit. */
async function paidDeposit() {
  const n = slot++;
  const at = localIso(nextWeekday(1 + (n % 5), 14 + 7 * Math.floor(n / 5)), '11:00');
  const client = await signedIn(t);
  const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, at));
  expect(made.statusCode, made.body).toBe(201);
  const [held] = await t.db.select().from(onlinePayment).where(eq(onlinePayment.bookingId, made.json().id));
  await peer.succeed(held?.intentId ?? '');
  return { client, bookingId: made.json().id as string };
}

/** Debits minus credits of one account over every journal line, in SQL. */
async function net(code: string) {
  const result = (await t.db.execute(
    sql`select coalesce(sum(debit_pence - credit_pence), 0)::text as net from journal_line where account_code = ${code}`,
  )) as unknown as { rows: { net: string }[] };
  return Number(result.rows[0]?.net);
}
async function stripeEntries() {
  const result = (await t.db.execute(
    sql`select count(*)::int as entries, count(distinct source_id)::int as sources from journal_entry where source_type = 'stripe_balance'`,
  )) as unknown as { rows: { entries: number; sources: number }[] };
  return result.rows[0];
}
async function unbalancedEntries() {
  const result = (await t.db.execute(
    sql`select entry_id from journal_line group by entry_id having sum(debit_pence) <> sum(credit_pence)`,
  )) as unknown as { rows: unknown[] };
  return result.rows;
}
const sync = () => {
  if (!t.context.stripe) throw new Error('Stripe is configured in this file');
  return syncStripeBalance({ db: t.db, env: t.context.env, stripe: t.context.stripe });
};

describe('the daily Stripe balance job', () => {
  it('posts each card payment fee to card processing fees and leaves Stripe clearing at what Stripe holds', async () => {
    await paidDeposit();
    await paidDeposit();
    expect(await net(accountCodes.stripeClearing)).toBe(4000);
    const run = await sync();
    expect(run).toEqual({ read: 2, posted: 2, alreadyKnown: 0 });
    // 1.5% + 20p of £20, twice, with no input VAT: Stripe's fees are exempt.
    expect(await net(accountCodes.cardProcessingFees)).toBe(2 * 50);
    expect(await net(accountCodes.vat)).toBe(0);
    expect(await net(accountCodes.stripeClearing)).toBe(peer.balanceNet());
    expect(await net(accountCodes.stripeClearing)).toBe(3900);
    expect(await unbalancedEntries()).toEqual([]);
  });

  it('posts nothing again when run a second time, and reads from where it stopped', async () => {
    const before = await stripeEntries();
    const newest = Math.max(...peer.balance.map((txn) => txn.created));
    const run = await sync();
    expect(run.posted).toBe(0);
    expect(run.alreadyKnown).toBe(run.read);
    expect(await stripeEntries()).toEqual(before);
    const asked = peer.requests.filter((r) => r.path === '/v1/balance_transactions').at(-1);
    expect(asked?.body.created).toEqual({ gte: String(newest) });
  });

  it('moves a payout from Stripe clearing to the bank, leaving clearing at zero', async () => {
    const bankBefore = await net(accountCodes.bank);
    const payout = peer.payout();
    expect(payout.amount).toBe(-3900);
    await sync();
    expect((await net(accountCodes.bank)) - bankBefore).toBe(3900);
    expect(await net(accountCodes.stripeClearing)).toBe(0);
    expect(peer.balanceNet()).toBe(0);
  });

  it('posts a refund through Stripe and its fee once, clearing following the balance', async () => {
    const { client, bookingId } = await paidDeposit();
    const cancelled = await client.call('POST', `/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A refund whose fee Stripe keeps charging (a fee on the refund) and an account fee.
    peer.adjustBalance('refund', 0, { fee: 15 });
    peer.adjustBalance('stripe_fee', -300, { description: 'Radar' });
    const feesBefore = await net(accountCodes.cardProcessingFees);
    await sync();
    expect((await net(accountCodes.cardProcessingFees)) - feesBefore).toBe(50 + 15 + 300);
    expect(await net(accountCodes.stripeClearing)).toBe(peer.balanceNet());
    expect(await unbalancedEntries()).toEqual([]);
  });

  it('books a dispute lost as a cost and money Stripe adds as other income', async () => {
    const feesBefore = await net(accountCodes.cardProcessingFees);
    const otherBefore = await net(accountCodes.otherIncome);
    peer.adjustBalance('adjustment', -2000, { fee: 1500, description: 'Chargeback' });
    peer.adjustBalance('adjustment', 700, { description: 'Fee credit' });
    await sync();
    expect((await net(accountCodes.cardProcessingFees)) - feesBefore).toBe(2000 + 1500);
    expect((await net(accountCodes.otherIncome)) - otherBefore).toBe(-700);
    expect(await net(accountCodes.stripeClearing)).toBe(peer.balanceNet());
  });

  it('keeps but does not post a transaction in another currency', async () => {
    const clearing = await net(accountCodes.stripeClearing);
    const foreign = peer.adjustBalance('charge', 5000, { currency: 'eur' });
    await sync();
    const [row] = await t.db.select().from(stripeBalanceTransaction).where(eq(stripeBalanceTransaction.id, foreign.id));
    expect(row).toMatchObject({ currency: 'EUR', entryId: null });
    expect(await net(accountCodes.stripeClearing)).toBe(clearing);
  });

  it('reads every page of a long history (has_more, starting_after) and posts each transaction once', async () => {
    for (let i = 0; i < 130; i++) peer.adjustBalance('stripe_fee', -1);
    const feesBefore = await net(accountCodes.cardProcessingFees);
    const requestsBefore = peer.requests.length;
    const run = await sync();
    expect(run.posted).toBe(130);
    const pages = peer.requests.slice(requestsBefore).filter((r) => r.path === '/v1/balance_transactions');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[1]?.body.starting_after).toMatch(/^txn_/);
    expect((await net(accountCodes.cardProcessingFees)) - feesBefore).toBe(130);
  });

  it('posts each transaction once when two runs overlap', async () => {
    await paidDeposit();
    await paidDeposit();
    peer.payout(1000);
    for (let i = 0; i < 20; i++) peer.adjustBalance('stripe_fee', -2);
    const runs = await Promise.all([sync(), sync(), sync()]);
    expect(runs.reduce((sum, run) => sum + run.posted, 0)).toBe(2 + 1 + 20);
    const entries = await stripeEntries();
    expect(entries?.entries).toBe(entries?.sources);
    expect(await net(accountCodes.stripeClearing)).toBe(peer.balanceNet());
    expect(await unbalancedEntries()).toEqual([]);
    // Every fee Stripe charged is in the books, once.
    const fees = peer.balance
      .filter((txn) => txn.currency === 'gbp')
      .reduce((sum, txn) => sum + txn.fee - (txn.type === 'stripe_fee' ? txn.amount : 0), 0);
    // The lost dispute's £20 is a cost in the same account.
    expect(await net(accountCodes.cardProcessingFees)).toBe(fees + 2000);
  });

  it('is run from the admin CLI as `stripe balance`', async () => {
    peer.payout(500);
    const command = commandFrom(['stripe', 'balance']);
    if (typeof command !== 'function') throw new Error('expected a command run on the database');
    const printed = await command(t.context.database, t.context.env);
    // Those of the last second read are read again, and skipped.
    expect(printed).toMatch(/^Read \d+ Stripe balance transaction\(s\): 1 posted, \d+ already in the books\.$/);
    expect(await net(accountCodes.stripeClearing)).toBe(peer.balanceNet());
  });
});

describe('the schedule', () => {
  it('runs the job once a day at 05:15 in the business time zone when Stripe is set up', async () => {
    const scheduled = await createTestApp({ BUSINESS_TIME_ZONE: 'Europe/London', ...peer.env() }, { jobs: true });
    try {
      const schedules = (await scheduled.db.execute(
        sql`select name, cron, timezone from pgboss.schedule where name = 'stripe-balance'`,
      )) as unknown as { rows: unknown[] };
      expect(schedules.rows).toEqual([{ name: 'stripe-balance', cron: '15 5 * * *', timezone: 'Europe/London' }]);
    } finally {
      await scheduled.close();
    }
  });
});
