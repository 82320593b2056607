import type { SlotsQuery } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { diaryVersion, service } from '../../db/schema.ts';
import { etagOf } from '../../lib/etag.ts';
import { sharedReads } from '../../lib/shared-read.ts';
import { checkServiceForSlots } from '../services/services.service.ts';
import { listSlots } from './availability.service.ts';

/** Answers one instance keeps: a few lengths × weeks and months of the diary as it is now. */
const KEPT = 200;

/**
 * Free times as GET /api/slots gives them, computed once per state of the diary and minute (decision 045). One
 * statement reads the diary's number (`diary_version`, changed by triggers at the commit of anything the times are
 * made of, on whichever instance) and the service asked for, shared by the requests that arrive together; while the
 * number and the minute are the same, the answer computed for them is the answer. The times are computed as at the
 * minute's end, so a time that becomes too soon during the minute is not offered in it.
 */
export function freeTimes(db: Db, { timeZone }: { timeZone: string }) {
  /** Kept as sent: the JSON text and its ETag. */
  type Answer = { json: string; etag: string };
  const kept = new Map<string, Answer>();
  // Built once here, not at every read (drizzle's building was a tenth of the server's time on /api/slots), and
  // parsed by PostgreSQL once per connection.
  const diaryAndServiceOf = db
    .select({ found: service, version: diaryVersion.version })
    .from(service)
    .leftJoin(diaryVersion, eq(diaryVersion.id, 1))
    .where(eq(service.id, sql.placeholder('serviceId')))
    .prepare('slots_diary_and_service');
  // The requests for one service that arrive together share that statement (decision 049).
  const diaryAndService = sharedReads(async (serviceId) => {
    const [row] = await diaryAndServiceOf.execute({ serviceId });
    return row;
  });
  // extraMinutes: the chosen add-ons'; the times are for the treatment and them together.
  return async (query: SlotsQuery, showSensual: boolean, extraMinutes = 0): Promise<Answer> => {
    const row = await diaryAndService(query.serviceId);
    checkServiceForSlots(row?.found, query.duration, showSensual);
    const minute = Math.floor(Date.now() / 60_000);
    const length = query.duration + extraMinutes;
    const key = `${row?.version}|${minute}|${length}|${query.from}|${query.to}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const slots = await listSlots(db, {
      timeZone,
      query: { ...query, durationMinutes: length },
      now: (minute + 1) * 60_000,
    });
    const json = JSON.stringify(slots);
    const answer = { json, etag: etagOf(json) };
    if (row?.version === null || row?.version === undefined) return answer;
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, answer);
    return answer;
  };
}
