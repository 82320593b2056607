import type { Locator, Page } from '@playwright/test';
import { calendarEvent, phoneBooking, uniqueName } from '../back-office/back-office.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { withWebsiteSettings } from '../website/website.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('a block tapped in the bookings diary opens, and is removed there as in Availability @phone', async ({ page }) => {
  await signInAsAdmin(page);
  const slot = diaryTime();
  const reason = `Dentist ${Math.random().toString(36).slice(2, 7)}`;
  const made = await page.request.post('/api/admin/blocks', {
    data: {
      startsAt: slot.startsAt,
      endsAt: new Date(Date.parse(slot.startsAt) + 60 * 60_000).toISOString(),
      reason,
      confirm: false,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto(`/manage_bookings?date=${slot.date}`);
  const block = calendarEvent(page, reason);
  await block.click();
  const sheet = page.getByRole('dialog', { name: 'Blocked time' });
  await expect(sheet).toContainText(`Blocked: ${reason}`);
  await expect(sheet).toContainText(slot.time);
  await expectNoAxeViolations(page, 'the block sheet');
  await sheet.getByRole('button', { name: 'Remove the block' }).click();
  await expect(sheet).toBeHidden();
  await expect(block).toHaveCount(0);
});

/** How a mark of the diary is drawn: its fill, hatching, edge and the colour of its words. */
async function looks(event: Locator) {
  await expect(event).toBeAttached();
  return event.evaluate((element) => {
    const style = getComputedStyle(element);
    const words = element.querySelector('.fc-event-main') ?? element;
    return {
      background: style.backgroundColor,
      hatching: style.backgroundImage,
      edge: style.borderTopColor,
      text: getComputedStyle(words).color,
    };
  });
}

/** Opens `path` with the device in `scheme`, which the app follows. */
async function openIn(page: Page, path: string, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

test('a booking and a block have the same colours in the bookings diary and on Availability, light and dark @phone', async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const slot = diaryTime();
  const name = uniqueName('Palette');
  const reason = `Lunch ${Math.random().toString(36).slice(2, 7)}`;
  // The booking at the cell's start (an hour and its quarter-hour buffer), the block after it, inside the same cell.
  await phoneBooking(page.request, { date: slot.date, time: slot.time, name });
  const blockStart = Date.parse(slot.startsAt) + 75 * 60_000;
  const made = await page.request.post('/api/admin/blocks', {
    data: {
      startsAt: new Date(blockStart).toISOString(),
      endsAt: new Date(blockStart + 30 * 60_000).toISOString(),
      reason,
      confirm: false,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);

  // The brand colour is the website's, which a website test may be changing meanwhile: compared under its lock.
  await withWebsiteSettings(async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await openIn(page, `/manage_bookings?date=${slot.date}`, scheme);
      const bookings = page.getByRole('region', { name: 'Bookings calendar' });
      const inBookings = {
        booking: await looks(calendarEvent(page, name)),
        block: await looks(calendarEvent(page, reason)),
      };
      // A confirmed booking is in the brand's colour, that of the diary's own buttons; a block is neither.
      const brand = await bookings
        .locator('.fc-prev-button')
        .evaluate((button) => getComputedStyle(button).backgroundColor);
      expect(inBookings.booking.background, scheme).toBe(brand);
      expect(inBookings.block.background, scheme).not.toBe(brand);
      expect(inBookings.block.hatching, scheme).toContain('gradient');
      await expectNoAxeViolations(page, `the bookings diary with a booking and a block, ${scheme}`);

      await openIn(page, `/availability?date=${slot.date}`, scheme);
      await expect(page.getByRole('region', { name: 'Availability calendar' })).toBeVisible();
      const inAvailability = {
        booking: await looks(calendarEvent(page, name)),
        block: await looks(calendarEvent(page, reason)),
      };
      expect(inAvailability, scheme).toEqual(inBookings);
      await expectNoAxeViolations(page, `the availability calendar with a booking and a block, ${scheme}`);
    }
  });
});
