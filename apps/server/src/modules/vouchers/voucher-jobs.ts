import type { PgBoss } from 'pg-boss';
import { runOnCron } from '../../lib/jobs.ts';
import { expireVouchers } from './expire-vouchers.ts';
import { sendDueVoucherEmails } from './voucher-emails.ts';
import type { VoucherDeps } from './voucher-rules.ts';

const EMAIL_QUEUE = 'voucher-emails';
const EXPIRY_QUEUE = 'voucher-expiry';

/**
 * Gift vouchers whose send date has come go to the outbox (checked every 15 minutes, so one dated today leaves in the
 * morning); once a day, just after midnight on the business's clock, expired ones release what was left.
 */
export async function startVoucherJobs(boss: PgBoss, deps: VoucherDeps) {
  await runOnCron(boss, EMAIL_QUEUE, '*/15 * * * *', () => sendDueVoucherEmails(deps));
  await runOnCron(boss, EXPIRY_QUEUE, '5 0 * * *', () => expireVouchers(deps), { tz: deps.env.BUSINESS_TIME_ZONE });
  await sendDueVoucherEmails(deps);
  await expireVouchers(deps);
}
