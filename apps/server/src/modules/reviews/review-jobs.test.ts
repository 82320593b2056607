/**
 * The review requests as the server sends them: its jobs look for visits completed since every DUE_MESSAGES_SWEEP_S
 * (a minute unless told otherwise), here every second, on a timer rather than pg-boss's whole-minute cron.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { waitFor } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DUE_MESSAGES_SWEEP_S: '1', AUTH_RATE_LIMIT_MAX: '10000' }, { jobs: true });
});
afterAll(async () => {
  await t.close();
});

describe('the sweep of review requests', () => {
  it('asks for a review within seconds of a visit completing when DUE_MESSAGES_SWEEP_S is short, once', async () => {
    const client = await signedIn(t);
    const startsAt = new Date(Date.now() - 3 * 86_400_000);
    startsAt.setUTCMinutes(0, 0, 0);
    // Completed after the jobs started: only a later sweep can find it.
    const visit = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt,
      client: { id: client.id, email: client.email },
    });
    const asked = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `review-request:${visit.id}`));
    await waitFor(async () => (await asked()).length > 0, 10_000);
    // Further sweeps pass without asking again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await asked()).toHaveLength(1);

    // No cron schedule beside the timers: it would add a sweep of its own every minute.
    const schedules = await t.db.execute(
      sql`select name from pgboss.schedule where name in ('review-requests', 'text-reminders')`,
    );
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
