import { calendarEvent } from '../back-office/back-office.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';

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
