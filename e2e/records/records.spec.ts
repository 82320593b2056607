import type { Page } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { choiceBar, continueWithDetails, pickDay, pickTime } from '../booking/booking.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The practice's records (issue 28): a new client books, fills in the health questionnaire and signs it on their
 * phone; the owner sees the red flag on the booking sheet, acknowledges it, writes the session's note and prints the
 * client's record.
 */

/** Nothing on the page is wider than the screen. */
async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

test('a new client fills in the questionnaire; the owner acknowledges its red flag, writes the note and prints the record @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const name = uniqueName('Rhea');
  const client = await newClient(browser, testInfo, name);
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  try {
    // The client books a Swedish hour at a time of the test's own.
    const slot = diaryTime();
    const page = client.page;
    await page.goto('/book?style=therapeutic&type=swedish');
    await page.getByRole('radio', { name: '1 h, £70' }).click();
    await pickDay(page, slot.date);
    await pickTime(page, slot.time);
    await continueWithDetails(page, '+44 7700 900428');
    await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();

    // A new client is asked for the questionnaire, and fills it in with a red flag (blood clots).
    const prompt = page.getByRole('status').filter({ hasText: 'Your health questionnaire' });
    await prompt.getByRole('link', { name: 'Fill in the questionnaire' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Health questionnaire' })).toBeVisible();
    const answer = async (question: string, choice: string) =>
      page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
    await answer('Have you had surgery in the last six months?', 'No');
    await answer('Have you ever had blood clots or deep vein thrombosis (DVT)?', 'Yes');
    await answer('Are you pregnant?', 'No');
    await answer('Do you have a heart condition or high blood pressure?', 'No');
    await answer('Do you have a skin condition, rash or open wound?', 'No');
    await answer('Are you allergic to any oils or nuts?', 'No');
    await answer('What pressure do you prefer?', 'Medium');
    await page.getByRole('textbox', { name: 'What medication do you take, if any?' }).fill('Warfarin');
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
    await page.getByRole('textbox', { name: 'Type your full name to sign' }).fill(name);
    await expectFitsScreen(page);
    await page.getByRole('button', { name: 'Sign and send' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    // Up to date now: no request, only the way to update it when something changes.
    await expect(page.getByRole('link', { name: 'Update your health questionnaire' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fill in the questionnaire' })).toHaveCount(0);

    // The owner opens the booking sheet: the red flag is there until read and acknowledged.
    const desk = owner.page;
    await desk.goto(`/manage_bookings?date=${slot.date}`);
    await desk.getByRole('tab', { name: 'List' }).click();
    await desk.getByRole('textbox', { name: 'Customer' }).fill(name);
    const row = desk.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Questionnaire: red flag');
    await row.getByRole('button').click();
    const sheet = desk.getByRole('dialog', { name: 'Booking' });
    // What is known of a new client: no earlier bookings.
    await expect(sheet.getByRole('region', { name: 'What you know of the client' })).toContainText(
      'No earlier bookings',
    );
    const questionnaire = sheet.getByRole('region', { name: 'Health questionnaire' });
    await expect(questionnaire).toContainText('Questionnaire: red flag');
    await questionnaire.getByRole('button', { name: 'Read the questionnaire' }).click();
    await expect(questionnaire).toContainText(
      'Red flag: Have you ever had blood clots or deep vein thrombosis (DVT)? yes',
    );
    await expect(questionnaire).toContainText('What medication do you take, if any? Warfarin');
    await questionnaire.getByRole('button', { name: 'I have read the red flag' }).click();
    await expect(questionnaire).toContainText('Questionnaire: up to date');

    // After the appointment the owner writes the note: what was said, the areas, the plan.
    const notes = sheet.getByRole('region', { name: 'Treatment notes' });
    await notes
      .getByRole('textbox', { name: 'What the client said (subjective)' })
      .fill('Stiff neck after long drives');
    await notes.getByText('Shoulders', { exact: true }).click();
    await expect(notes.getByRole('checkbox', { name: 'Shoulders' })).toBeChecked();
    await notes.getByText('Neck', { exact: true }).click();
    await expect(notes.getByRole('checkbox', { name: 'Neck' })).toBeChecked();
    await notes.getByRole('textbox', { name: 'Plan for next time' }).fill('Stretches; review in three weeks');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(notes.getByRole('status')).toContainText('Note saved. You can change it for 24 hours.');
    await expect(notes).toContainText('Areas: Shoulders, Neck');
    await expect(notes).toContainText('Plan: Stretches; review in three weeks');

    // And prints the client's record for an insurer: a PDF.
    const print = questionnaire.getByRole('link', { name: 'Print the client’s record (PDF)' });
    const pdf = await desk.request.get((await print.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await client.context.close();
    await owner.context.close();
  }
});
