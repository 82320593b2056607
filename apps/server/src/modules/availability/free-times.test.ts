// Decision 045: free times are computed once per state of the diary, and a change made anywhere (another instance,
// the CLI, a restore: here straight into the database, past this app) is in the very next answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPeriod, booking, businessSettings, diaryVersion } from '../../db/schema.ts';
import { insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

async function timesOn(date: string): Promise<string[]> {
  const swedish = await serviceOfType(t, 'swedish');
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/slots?serviceId=${swedish.id}&duration=60&from=${date}&to=${date}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { days: { slots: string[] }[] }).days.flatMap((day) => day.slots);
}

const versionNow = async () => (await t.db.select().from(diaryVersion))[0]?.version;

describe('free times follow the diary wherever it is changed', () => {
  it('a booking, a block and the opening hours written straight into the database show in the next answer', async () => {
    // A Wednesday of this test's own, three weeks ahead.
    const date = nextWeekday(3, 21);
    const [noon, two] = [localIso(date, '12:00'), localIso(date, '14:00')];
    const before = await timesOn(date);
    expect(before).toContain(noon);
    expect(await timesOn(date)).toEqual(before);

    const client = await signedIn(t);
    const made = await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(noon),
      client: { id: client.id, email: client.email },
    });
    expect(await timesOn(date)).not.toContain(noon);

    await t.db.insert(blockedPeriod).values({
      startsAt: new Date(two),
      endsAt: new Date(Date.parse(two) + 3_600_000),
      reason: 'Dentist',
    });
    expect(await timesOn(date)).not.toContain(two);

    const [settings] = await t.db.select().from(businessSettings);
    if (!settings) throw new Error('business_settings row missing');
    const closedWednesdays = settings.weeklyHours.map((ranges, weekday) => (weekday === 3 ? [] : ranges));
    await t.db.update(businessSettings).set({ weeklyHours: closedWednesdays });
    try {
      expect(await timesOn(date)).toEqual([]);
    } finally {
      await t.db.update(businessSettings).set({ weeklyHours: settings.weeklyHours });
    }

    await t.db.delete(booking).where(eq(booking.id, made.id));
    await t.db.delete(blockedPeriod).where(eq(blockedPeriod.reason, 'Dentist'));
    expect(await timesOn(date)).toEqual(before);
  });

  it('moves the diary’s number once per transaction, however many rows it changes', async () => {
    const start = await versionNow();
    await t.db.transaction(async (tx) => {
      for (let hour = 0; hour < 5; hour++)
        await tx.insert(blockedPeriod).values({
          startsAt: new Date(Date.UTC(2031, 0, 6, 9 + hour)),
          endsAt: new Date(Date.UTC(2031, 0, 6, 10 + hour)),
          reason: 'Numbered',
        });
    });
    expect(await versionNow()).toBe((start ?? 0) + 1);
    // A transaction that changes nothing the times are made of leaves it alone; one that is undone too.
    await t.db.transaction(async (tx) => {
      await tx.select().from(blockedPeriod);
    });
    await t.db
      .transaction(async (tx) => {
        await tx.delete(blockedPeriod).where(eq(blockedPeriod.reason, 'Numbered'));
        throw new Error('undone');
      })
      .catch(() => undefined);
    expect(await versionNow()).toBe((start ?? 0) + 1);
    await t.db.delete(blockedPeriod).where(eq(blockedPeriod.reason, 'Numbered'));
    expect(await versionNow()).toBe((start ?? 0) + 2);
  });
});
