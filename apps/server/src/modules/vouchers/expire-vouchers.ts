import { eq } from 'drizzle-orm';
import { voucher } from '../../db/schema.ts';
import { todayOf } from '../../lib/clock.ts';
import { expireEachDue } from '../../lib/each-in-transaction.ts';
import { money } from '../invoices/invoices.service.ts';
import { voucherExpiredEntry } from '../ledger/voucher-postings.ts';
import { forPosting, postIfAny, type VoucherDeps } from './voucher-rules.ts';

/**
 * The daily job: each voucher past its date with money left is closed, and what was left leaves vouchers
 * outstanding for other income. Each in its own transaction, re-checked under the row's lock.
 */
export async function expireVouchers(deps: Pick<VoucherDeps, 'db' | 'env' | 'now'>): Promise<number> {
  const today = todayOf(deps);
  return expireEachDue(deps.db, {
    table: voucher,
    today,
    expire: async (tx, row) => {
      if (row.balancePence > 0)
        await postIfAny(tx, {
          draft: voucherExpiredEntry({
            voucher: forPosting(row),
            date: today,
            balancePence: row.balancePence,
            description: `Gift voucher expired with ${money(row.balancePence, deps.env)} unspent`,
          }),
          by: null,
        });
      await tx
        .update(voucher)
        .set({ status: 'expired', expiredPence: row.balancePence, balancePence: 0 })
        .where(eq(voucher.id, row.id));
    },
  });
}
