// One person's waitlist, for their data download (personal-data): imports only the database, so the low module that
// exports a person's data may call it without reaching the booking verbs the rest of the waitlist uses.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntry, waitlistOffer } from '../../db/schema.ts';

export async function waitlistOfPerson(db: DbOrTx, userId: string) {
  return {
    entries: await db
      .select()
      .from(waitlistEntry)
      .where(eq(waitlistEntry.clientId, userId))
      .orderBy(asc(waitlistEntry.createdAt)),
    offers: await db
      .select()
      .from(waitlistOffer)
      .where(eq(waitlistOffer.clientId, userId))
      .orderBy(asc(waitlistOffer.createdAt)),
  };
}
