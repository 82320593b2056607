import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { runOnCron } from '../../lib/jobs.ts';
import { deleteExpiredRecords } from './records-retention.ts';

const RETENTION_QUEUE = 'records-retention';

/** Once a day, early on the business's clock, records past their retention period are deleted (decision 070). */
export async function startRecordsJobs(boss: PgBoss, deps: { db: Db; env: Env; logger: Logger }) {
  await runOnCron(
    boss,
    RETENTION_QUEUE,
    '20 0 * * *',
    async () => {
      const { clients } = await deleteExpiredRecords(deps);
      if (clients) deps.logger.info({ clients }, 'records past their retention period deleted');
    },
    { tz: deps.env.BUSINESS_TIME_ZONE },
  );
}
