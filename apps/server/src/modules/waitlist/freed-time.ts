// The one call the diary's verbs make when they free time (decision 083): a row written in their own transaction,
// turned into waitlist offers by a job after the commit. Imports only the database, so any verb may call it.
import type { DbOrTx } from '../../db/client.ts';
import { waitlistFreedTime } from '../../db/schema.ts';

export type FreedCause = 'cancelled' | 'moved' | 'block removed';

/** Notes that [startsAt, endsAt) of the diary may be free now; nothing is sent here, so a cancel never waits on mail. */
export async function noteFreedTime(tx: DbOrTx, freed: { startsAt: Date; endsAt: Date; cause: FreedCause }) {
  await tx.insert(waitlistFreedTime).values(freed);
}
