import { uniqueName } from '../back-office/back-office.ts';
import { customerId, newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { localDate, londonInstant } from '../support/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import { linksIn, waitForMail } from '../support/mail.ts';

// Nothing here depends on the payment policy: the visit is recorded afterwards by the owner.
test.use({ paymentPolicy: 'ignores' });

/**
 * A visit a few days ago, at an early hour no other test uses; the desktop and phone runs each take a day of their own,
 * so the diary never refuses one for overlapping the other.
 */
function recentVisitStart(phone: boolean): string {
  const day = localDate(new Date(Date.now() - (phone ? 4 : 3) * 86_400_000));
  return londonInstant(day, '07:00');
}

test('a client reviews a completed visit from the thank-you email, the owner shows it and it is on the home page @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const client = await newClient(browser, testInfo, uniqueName('Rhea'));
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const words = `Calm hands and a quiet room ${Date.now().toString(36)}`;
  try {
    await test.step('the owner records the visit afterwards: it is completed', async () => {
      const { services } = (await (await owner.page.request.get('/api/services')).json()) as {
        services: { id: string; type: string }[];
      };
      const swedish = services.find((service) => service.type === 'swedish');
      const response = await owner.page.request.post('/api/admin/bookings', {
        data: {
          serviceId: swedish?.id,
          durationMinutes: 60,
          startsAt: recentVisitStart(testInfo.project.name === 'phone'),
          customer: { id: await customerId(owner.page.request, client.email) },
          idempotencyKey: crypto.randomUUID(),
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      expect(((await response.json()) as { booking: { status: string } }).booking.status).toBe('completed');
    });

    await test.step('the client is asked once, by email, and reviews the visit from its link', async () => {
      const mail = await waitForMail(client.email, 'How was your visit', 90_000);
      const link = linksIn(mail).find((url) => url.includes('/review/'));
      expect(link).toBeDefined();
      await client.page.goto(link ?? '/');
      await expect(client.page.getByRole('heading', { level: 1, name: 'How was your visit?' })).toBeVisible();
      await client.page.getByRole('button', { name: 'Send my review' }).click();
      await expect(client.page.getByRole('alert')).toHaveText('Choose from one to five stars.');
      // The stars are labels over visually hidden radios, as a person sees and clicks them.
      const fiveStars = client.page.getByRole('radio', { name: '5 stars', exact: true });
      await client.page.locator(`label[for="${await fiveStars.getAttribute('id')}"]`).click();
      await expect(fiveStars).toBeChecked();
      await client.page.getByLabel('A few words (optional)').fill(words);
      await expectNoAxeViolations(client.page, 'the review form');
      await client.page.getByRole('button', { name: 'Send my review' }).click();
      await expect(client.page.getByRole('status')).toContainText('Thank you for your review');
      await expect(client.page.getByText(words)).toBeVisible();
    });

    await test.step('nothing is on the website before the owner has read it', async () => {
      const answer = await client.page.request.get('/api/reviews');
      expect(await answer.text()).not.toContain(words);
    });

    await test.step('the owner shows it on the website', async () => {
      await owner.page.goto('/reviews');
      await expect(owner.page.getByRole('main').getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
      const card = owner.page.getByRole('listitem', { name: `Review by ${client.name}` });
      await expect(card).toContainText(words);
      await expectNoAxeViolations(owner.page, 'the reviews page');
      await card.getByRole('button', { name: 'Show on the website' }).click();
      await expect(card).toHaveCount(0);
      await owner.page
        .locator('label')
        .filter({ hasText: /^On the website$/ })
        .click();
      await expect(owner.page.getByRole('listitem', { name: `Review by ${client.name}` })).toContainText(
        'On the website',
      );
    });

    await test.step('a visitor reads it on the home page with the first name and the month', async () => {
      const visitor = await browser.newContext({ baseURL, viewport: testInfo.project.use.viewport ?? undefined });
      try {
        const page = await visitor.newPage();
        await page.goto('/');
        const reviews = page.getByRole('region', { name: 'What clients say' });
        const firstName = client.name.split(' ')[0] ?? '';
        await expect(reviews.getByRole('listitem').filter({ hasText: words })).toContainText(firstName);
        const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
        await expect(reviews.getByRole('listitem').filter({ hasText: words })).toContainText(
          month.format(new Date(recentVisitStart(testInfo.project.name === 'phone'))),
        );
        await expect(reviews).not.toContainText(client.email);
        // The stars are drawn at text size on the first screen's styles (once, without the rating's CSS, each star
        // filled the card's width and a card stood thousands of pixels tall).
        const card = reviews.getByRole('listitem').filter({ hasText: words });
        const stars = await card.getByRole('img', { name: /out of 5 stars$/ }).boundingBox();
        expect(stars?.height).toBeLessThan(40);
        expect((await card.boundingBox())?.height).toBeLessThan(400);
      } finally {
        await visitor.close();
      }
    });

    await test.step('the client deletes the review, after a question, and it leaves the website', async () => {
      await client.page.reload();
      await client.page.getByRole('button', { name: 'Delete my review' }).click();
      const dialog = client.page.getByRole('dialog', { name: 'Delete your review?' });
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(client.page.getByText(words)).toBeVisible();
      await client.page.getByRole('button', { name: 'Delete my review' }).click();
      await dialog.getByRole('button', { name: 'Delete my review' }).click();
      // Nothing of it is kept: the visit is as it was before the review.
      await expect(client.page.getByRole('button', { name: 'Send my review' })).toBeVisible();
      await expect(client.page.getByText(words)).toHaveCount(0);
      await expect.poll(async () => (await client.page.request.get('/api/reviews')).text()).not.toContain(words);
    });
  } finally {
    await client.context.close();
    await owner.context.close();
  }
});
