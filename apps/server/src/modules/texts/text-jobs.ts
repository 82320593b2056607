import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { runEverySeconds } from '../../lib/jobs.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { deliverDueTexts } from './text-outbox.ts';
import { queueDueTextReminders } from './text-reminders.ts';
import type { TextEnv } from './text-settings.ts';
import type { TextSender } from './twilio-sender.ts';

const SEND_QUEUE = 'text-send';
const REMINDER_QUEUE = 'text-reminders';
/** How often an instance asks for the texts due to be sent: a confirmation leaves within seconds. */
const SEND_EVERY_S = 5;

/**
 * Texts leave from their outbox every few seconds and the reminders due are queued every DUE_MESSAGES_SWEEP_S (a
 * minute). Each instance asks on a timer of its own; a singleton slot makes one sweep per slot however many ask, and
 * the claim in the outbox makes each text go once even if two sweeps overlap (decision 072).
 */
export async function startTextJobs(
  boss: PgBoss,
  deps: {
    db: Db;
    env: TextEnv & Pick<Env, 'DUE_MESSAGES_SWEEP_S'>;
    sender: TextSender | null;
    logger?: { warn(o: object, m: string): void };
  },
) {
  // The every-minute cron schedule of earlier versions is removed, or it would add a sweep of its own each minute
  // (and, once texts are turned off, queue jobs nobody works).
  await boss.unschedule(REMINDER_QUEUE);
  if (!deps.sender) return;
  const statusCallback = `${publicUrlOf(deps.env)}/api/texts/status`;
  await runEverySeconds(boss, SEND_QUEUE, SEND_EVERY_S, () => deliverDueTexts({ ...deps, statusCallback }), {
    logger: deps.logger,
    failure: 'could not queue the sending of texts',
  });
  await runEverySeconds(boss, REMINDER_QUEUE, deps.env.DUE_MESSAGES_SWEEP_S, () => queueDueTextReminders(deps), {
    logger: deps.logger,
    failure: 'could not queue the reminder texts due',
  });
  await queueDueTextReminders(deps);
}
