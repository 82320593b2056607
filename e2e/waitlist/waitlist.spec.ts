import { uniqueName } from '../back-office/back-office.ts';
import { customerId, newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { londonInstant } from '../support/dates.ts';
import { diaryDay } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { linksIn, waitForMail } from '../support/mail.ts';
import { misfitsAtRest, PHONE } from '../support/phone-fit.ts';

/**
 * Issue 24, part 3: a client finds a day full and joins the waitlist from the funnel; the owner sees them on the
 * waitlist and cancels a booking at a time that suits them; the client is emailed the freed time, follows the link
 * and books it. The day is this test's alone (diaryDay), so no other test's cancellation offers anything on it.
 */
test('a client joins the waitlist from a full day, the owner cancels, and the email’s link books the freed time @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const day = diaryDay();
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const client = await newClient(browser, testInfo, uniqueName('Wren'));
  const other = await newClient(browser, testInfo, uniqueName('Ivo'));
  let bookingId = '';
  try {
    await test.step('the owner fills the day: a booking at 17:00 and the rest blocked', async () => {
      const { services } = (await (await owner.page.request.get('/api/services')).json()) as {
        services: { id: string; type: string }[];
      };
      const swedish = services.find((service) => service.type === 'swedish');
      const booked = await owner.page.request.post('/api/admin/bookings', {
        data: {
          serviceId: swedish?.id,
          durationMinutes: 60,
          startsAt: londonInstant(day, '17:00'),
          customer: { id: await customerId(owner.page.request, other.email) },
          idempotencyKey: crypto.randomUUID(),
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
      for (const [from, to] of [
        ['09:00', '17:00'],
        ['18:15', '22:00'],
      ] as const) {
        const block = await owner.page.request.post('/api/admin/blocks', {
          data: { startsAt: londonInstant(day, from), endsAt: londonInstant(day, to), reason: 'Waitlist test' },
        });
        expect(block.status(), await block.text()).toBe(201);
      }
    });

    await test.step('the client finds no free time that day and joins the waitlist for its evening', async () => {
      const page = client.page;
      await page.goto(`/book?style=therapeutic&type=swedish&duration=60&addOns=&day=${day}&step=time`);
      const notice = page.getByRole('alert').filter({ hasText: 'No free times this day' });
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Join the waitlist' }).click();
      const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('To').fill(day);
      await dialog.getByLabel('Starting from').fill('16:00');
      await dialog.getByLabel('Starting by').fill('19:00');
      await expectNoAxeViolations(page, 'the waitlist form');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, 'the waitlist form, dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'You are on the waitlist' })).toBeVisible();
    });

    await test.step('the owner sees the client waiting for that day', async () => {
      const page = owner.page;
      await page.goto('/manage_waitlist');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
      await page.getByLabel('Day').fill(day);
      await expect(page.getByRole('main')).toContainText(client.email);
      await expectNoAxeViolations(page, 'the owner’s waitlist');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, 'the owner’s waitlist, dark');
    });

    await test.step('the owner cancels the 17:00 booking; the client is emailed the time', async () => {
      const cancelled = await owner.page.request.post(`/api/admin/bookings/${bookingId}/cancel`, {
        data: { notifyClient: false },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      const mail = await waitForMail(client.email, 'A time has come free', 60_000);
      const link = linksIn(mail).find((url) => url.includes('/waitlist/offers/'));
      expect(link).toBeDefined();
      expect(linksIn(mail).some((url) => /\/waitlist\/[0-9a-f-]{36}$/.test(url))).toBe(true);

      const page = client.page;
      await page.goto(link ?? '/');
      await expect(page.getByRole('heading', { level: 1, name: 'A time has come free' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('17:00');
      await page.getByLabel('Your phone number').fill('+44 7700 900321');
      await expectNoAxeViolations(page, 'the offer');
      // The offer's page fits a phone (the 375 px walk has no offer to open).
      if (test.info().project.name === 'phone') {
        await page.setViewportSize(PHONE);
        expect(await misfitsAtRest(page), 'the waitlist offer at 375 px').toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, 'the offer, dark');
      await page.getByRole('button', { name: 'Book this time' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'is booked' })).toBeVisible();
    });

    await test.step('the booking is the client’s, and they are off the waitlist', async () => {
      const page = client.page;
      await page.goto('/bookings');
      await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('17:00');
      await expect(page.getByRole('heading', { name: 'Waitlist' })).toHaveCount(0);
    });
  } finally {
    await owner.context.close();
    await client.context.close();
    await other.context.close();
  }
});
