import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { stripeBalanceTransaction } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { postJournalEntry } from '../ledger/ledger.service.ts';
import { stripeBalanceEntry } from '../ledger/postings.ts';
import type { StripeAccount } from './stripe-client.ts';

export type StripeBalanceDeps = {
  db: Db;
  stripe: StripeAccount;
  env: { BUSINESS_TIME_ZONE: string; BUSINESS_CURRENCY: string };
};

export type StripeBalanceRun = { read: number; posted: number; alreadyKnown: number };

const descriptions: Record<string, string> = {
  payout: 'Stripe payout to the bank account',
  payout_cancel: 'Stripe payout cancelled',
  payout_failure: 'Stripe payout returned by the bank',
  refund: 'Stripe fee on a refund',
  stripe_fee: 'Stripe account fee',
  adjustment: 'Stripe adjustment',
};

/**
 * The daily job's work: Stripe's balance transactions since the newest one read before, each posted once (fees to
 * card processing fees, payouts to the bank; decision 054). Reading starts at the newest `created` already stored,
 * inclusive, because several can share a second; the ones seen before are skipped by their id.
 */
export async function syncStripeBalance(deps: StripeBalanceDeps): Promise<StripeBalanceRun> {
  const [newest] = await deps.db
    .select({ created: stripeBalanceTransaction.created })
    .from(stripeBalanceTransaction)
    .orderBy(desc(stripeBalanceTransaction.created))
    .limit(1);
  const since = newest ? Math.floor(newest.created.getTime() / 1000) : undefined;
  const read: Stripe.BalanceTransaction[] = [];
  // The SDK follows `has_more` with `starting_after` page by page.
  for await (const txn of deps.stripe.sdk.balanceTransactions.list({
    limit: 100,
    ...(since !== undefined && { created: { gte: since } }),
  }))
    read.push(txn);
  // Stripe lists the newest first; the books take them in the order they happened.
  read.sort((a, b) => a.created - b.created);
  let posted = 0;
  let alreadyKnown = 0;
  for (const txn of read) {
    const outcome = await recordBalanceTransaction(deps, txn);
    if (outcome === 'posted') posted++;
    if (outcome === 'already known') alreadyKnown++;
  }
  return { read: read.length, posted, alreadyKnown };
}

/** One transaction in its own database transaction: the row that claims its id and its posting commit together. */
async function recordBalanceTransaction(deps: StripeBalanceDeps, txn: Stripe.BalanceTransaction) {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(stripeBalanceTransaction)
      .values({
        id: txn.id,
        type: txn.type,
        amountPence: txn.amount,
        feePence: txn.fee,
        currency: txn.currency.toUpperCase(),
        created: new Date(txn.created * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: stripeBalanceTransaction.id });
    if (!claimed) return 'already known';
    // The books are kept in the business's currency; Stripe converts before its balance, so others are not expected.
    if (txn.currency.toUpperCase() !== deps.env.BUSINESS_CURRENCY.toUpperCase()) return 'other currency';
    const draft = stripeBalanceEntry({
      transaction: { id: txn.id, type: txn.type, amount: txn.amount, fee: txn.fee },
      date: localDateOf(txn.created * 1000, deps.env.BUSINESS_TIME_ZONE),
      description: descriptions[txn.type] ?? (txn.fee ? 'Stripe fee on a card payment' : `Stripe ${txn.type}`),
    });
    if (!draft) return 'nothing to post';
    const entry = await postJournalEntry(tx, { draft, createdBy: null });
    await tx.update(stripeBalanceTransaction).set({ entryId: entry.id }).where(eq(stripeBalanceTransaction.id, txn.id));
    return 'posted';
  });
}
