import type { Service } from '@app/shared';
import { accounts, newSignedInContext, uniqueEmail } from '../support/auth.ts';
import { diaryDay } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { confirmForm, continueWithDetails, pickDay, pickFirstTime, signUpInline } from './booking.ts';

test('a time taken from another browser meanwhile is refused with the nearest free times to choose from', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/book?style=therapeutic&type=deeptissue&duration=60');
  // A whole day of its own: the nearest free times offered instead fall anywhere on it.
  await pickDay(page, diaryDay());
  const time = await pickFirstTime(page);
  await signUpInline(page, 'Rae Racer', uniqueEmail('racer'));
  const startsAt = new URL(page.url()).searchParams.get('slot') as string;
  expect(Date.parse(startsAt)).not.toBeNaN();

  // Another client books that very time first.
  const other = await newSignedInContext(browser, baseURL as string, accounts.client);
  const { services } = (await (await other.page.request.get('/api/services')).json()) as { services: Service[] };
  const deepTissue = services.find((service) => service.type === 'deeptissue') as Service;
  const taken = await other.page.request.post('/api/bookings', {
    headers: { origin: baseURL as string },
    data: {
      serviceId: deepTissue.id,
      durationMinutes: 60,
      startsAt,
      name: 'Cleo Client',
      phone: '+44 7700 900111',
      notes: '',
      adultConfirmed: false,
      idempotencyKey: `e2e-${Date.now()}`,
    },
  });
  expect(taken.status()).toBe(201);
  await other.context.close();

  await continueWithDetails(page, '+44 7700 900222');
  const form = confirmForm(page);
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  const alert = form.getByRole('alert').filter({ hasText: 'This time has just been taken' });
  await expect(alert).toBeVisible();
  const alternatives = alert.getByRole('group', { name: 'Other free times' }).getByRole('button');
  // Read once the list has settled: it may first show the day's times as this page last had them, taken one included.
  let offered: string[] = [];
  await expect(async () => {
    offered = await alternatives.allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((text) => text.endsWith(time))).toEqual([]);
  }).toPass({ timeout: 10_000 });

  await alternatives.first().click();
  await form.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(offered[0] as string);
});
