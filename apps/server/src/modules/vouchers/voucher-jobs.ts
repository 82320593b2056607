import type { PgBoss } from 'pg-boss';
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
  await boss.createQueue(EMAIL_QUEUE, { policy: 'singleton' });
  await boss.work(EMAIL_QUEUE, async () => {
    await sendDueVoucherEmails(deps);
  });
  await boss.schedule(EMAIL_QUEUE, '*/15 * * * *');
  await boss.createQueue(EXPIRY_QUEUE, { policy: 'singleton' });
  await boss.work(EXPIRY_QUEUE, async () => {
    await expireVouchers(deps);
  });
  await boss.schedule(EXPIRY_QUEUE, '5 0 * * *', undefined, { tz: deps.env.BUSINESS_TIME_ZONE });
  await sendDueVoucherEmails(deps);
  await expireVouchers(deps);
}
