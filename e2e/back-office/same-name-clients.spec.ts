import { signInAsAdmin } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { phoneBooking } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('two clients of the same long unbroken name are told apart in the phone booking, which stays on screen @phone', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // One word of 40 letters: its emails (made from it) have no break either.
  const word = `Annabelle${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`.padEnd(40, 'x');
  const name = `${word} Smith`;
  const first = await phoneBooking(page.request, { ...diaryTime(), name });
  const second = await phoneBooking(page.request, { ...diaryTime(), name });
  expect(first.clientEmail).not.toBe(second.clientEmail);

  await page.goto('/manage_bookings');
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone booking' });
  await dialog.getByRole('textbox', { name: 'Find a customer' }).fill(word);
  const matches = dialog.getByRole('radio', { name });
  await expect(matches).toHaveCount(2);
  // Each under its own email: the two are no longer alike.
  const descriptions = await matches.evaluateAll((radios) =>
    radios.map((radio) =>
      (radio.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    ),
  );
  expect(descriptions.map((text) => text.split(' · ')[0]).sort()).toEqual(
    [first.clientEmail, second.clientEmail].sort(),
  );

  // Nothing wider than the screen: the page does not scroll sideways, nor does the dialog.
  const overflow = await page.evaluate(() => {
    const dialogBody = document.querySelector('[role="dialog"] .mantine-Modal-body') ?? document.body;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: dialogBody.scrollWidth - dialogBody.clientWidth,
    };
  });
  expect(overflow).toEqual({ page: 0, dialog: 0 });
  await expectNoAxeViolations(page, 'the phone booking with two clients of the same name');
});
