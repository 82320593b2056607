import { accountCodes, type JournalSourceType, type Takings, type TakingsWay, takingsWays } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The money account of the ledger each way of payment reaches. */
const wayOfAccount: Record<string, TakingsWay> = {
  [accountCodes.cash]: 'cash',
  [accountCodes.cardClearing]: 'card',
  [accountCodes.bank]: 'bank_transfer',
  [accountCodes.stripeClearing]: 'online',
};

/**
 * The postings that bring a client's money in or pay it back. The money accounts also move for what is not takings:
 * an expense paid from the till, Stripe's fees and its payouts to the bank (money moving between two of the
 * business's own accounts), the owner's own entries; those are left out. A reversal counts as what it reverses.
 */
const clientMoney: JournalSourceType[] = [
  'payment',
  'refund',
  'invoice_payment',
  'no_show_fee',
  'voucher_sale',
  'course_sale',
];

/**
 * What came in on `date` (the business's day, as every journal entry is dated), by way of payment, read from the
 * books: money in less money paid back on that day's postings of client money to the money accounts.
 */
export async function takingsOn(db: DbOrTx, date: string): Promise<Takings> {
  const accounts = Object.keys(wayOfAccount);
  const result = await db.execute(
    sql`select l.account_code, coalesce(sum(l.debit_pence - l.credit_pence), 0)::float8 as pence
          from journal_entry e
          join journal_line l on l.entry_id = e.id
          left join journal_entry reversed on reversed.id = e.reverses_entry_id
         where e.date = ${date}
           and l.account_code in (${sql.join(
             accounts.map((code) => sql`${code}`),
             sql`, `,
           )})
           and coalesce(reversed.source_type, e.source_type) in (${sql.join(
             clientMoney.map((type) => sql`${type}`),
             sql`, `,
           )})
         group by l.account_code`,
  );
  const rows = (result as unknown as { rows: { account_code: string; pence: number }[] }).rows;
  const byWay = takingsWays
    .map((way) => ({
      way,
      pence: rows
        .filter((row) => wayOfAccount[row.account_code] === way)
        .reduce((sum, row) => sum + Number(row.pence), 0),
    }))
    .filter((row) => row.pence !== 0);
  return { date, totalPence: byWay.reduce((sum, row) => sum + row.pence, 0), byWay };
}
