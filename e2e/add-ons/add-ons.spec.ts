import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { choiceBar, confirmForm, continueWithDetails, signUpInline, turnToDay } from '../booking/booking.ts';
import { signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, freshClientIp, test } from '../support/fixtures.ts';

// Add-ons are the whole business's: while this test has one on offer, no other test may book (their funnels would
// show its step). It holds the payment policy's lock as a writer, so it runs with no booking test beside it, and it
// offers its add-on only with the Swedish and deep tissue combination, which no other funnel test books.
test.use({ paymentPolicy: 'changes' });

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

/** As the app writes money: whole pounds without pence. */
const pounds = (pence: number) => (pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`);

type AddOnRow = { id: string; name: string; archived: boolean };

test('the owner offers an add-on, a client books it in one extra step, and the owner takes it off the sheet @phone', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const name = `Hot stones ${testInfo.project.name} ${Date.now() % 100_000}`;
  await signInAsAdmin(page);
  try {
    await offerAndBook(page, { browser, baseURL: baseURL as string, name });
  } finally {
    // Whatever happened, the add-on is taken off the site, so no later funnel shows its step.
    const listed = (await (await page.request.get('/api/admin/add-ons')).json()) as { addOns: AddOnRow[] };
    for (const addOn of listed.addOns.filter((a) => a.name === name && !a.archived))
      expect((await page.request.patch(`/api/admin/add-ons/${addOn.id}`, { data: { archived: true } })).ok()).toBe(
        true,
      );
  }
});

async function offerAndBook(
  page: Page,
  { browser, baseURL, name }: { browser: Browser; baseURL: string; name: string },
) {
  // The owner adds it beside Services and prices.
  await page.goto('/availability');
  await page.getByRole('button', { name: 'Add-ons' }).click();
  const form = page.getByRole('region', { name: 'New add-on' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Extra minutes' }).fill('15');
  await form.getByRole('textbox', { name: 'Price (£)' }).fill('15');
  await form.getByRole('checkbox', { name: 'Combo' }).check();
  await form.getByRole('button', { name: 'Add the add-on' }).click();
  await expect(page.getByText(`${name} added. Clients can choose it when they book.`)).toBeVisible();
  await expect(page.getByRole('region', { name })).toContainText('+15 min, +£15');
  await expectNoViolations(page);

  // A new visitor books the combination with it.
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  const visitor = await browser.newContext({
    baseURL,
    viewport: page.viewportSize() ?? undefined,
    ...(phone && { isMobile: true, hasTouch: true }),
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  const client = await visitor.newPage();
  try {
    const slot = diaryTime();
    await client.goto('/book?style=therapeutic&type=both');
    await expect(client.getByRole('heading', { name: 'Length' })).toBeVisible();
    await client.getByRole('radio', { name: /^1 h 30 min, / }).click();

    await expect(client.getByRole('heading', { name: 'Add-ons' })).toBeVisible();
    await expect(client.getByText('Step 3 of 7')).toBeVisible();
    const tile = client.getByRole('checkbox', { name });
    await expect(tile).toContainText('+15 min, +£15');
    await expect(client).toHaveURL(/[?&]step=extras(&|$)/);
    await expect(choiceBar(client).getByRole('button', { name: 'Skip' })).toBeVisible();
    const before = (await choiceBar(client).textContent()) ?? '';
    await expectNoViolations(client);
    await tile.click();
    await expect(client).toHaveURL(/[?&]addOns=[0-9a-f-]{36}(&|$)/);
    await expect(choiceBar(client)).toContainText(`With ${name}`);
    expect(await choiceBar(client).textContent()).not.toBe(before);
    await choiceBar(client).getByRole('button', { name: 'Continue' }).click();

    await expect(client).toHaveURL(/[?&]step=day(&|$)/);
    await (await turnToDay(client, slot.date)).click();
    await client
      .getByRole('group', { name: 'Free times' })
      .getByRole('button')
      .filter({ hasText: new RegExp(`^\\s*${slot.time}\\s*$`) })
      .click();
    await expect(client).toHaveURL(/[?&]step=details(&|$)/);
    await signUpInline(client, 'Ada Addon', uniqueEmail('addon'));
    const welcome = client.getByRole('alert').filter({ hasText: 'Welcome!' });
    await welcome.getByRole('button').click();
    await expect(welcome).toBeHidden();
    await continueWithDetails(client, '+44 7700 900717');
    await expect(confirmForm(client)).toBeVisible();
    await expectNoViolations(client);
    await choiceBar(client).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    const bookingId = new URL(client.url()).searchParams.get('booked');
    expect(bookingId).toBeTruthy();

    // The booking holds 105 minutes and the price with the add-on.
    const sheet = (await (await page.request.get(`/api/admin/bookings/${bookingId}`)).json()) as {
      booking: { pricePence: number; startsAt: string; endsAt: string };
      addOns: { name: string }[];
    };
    expect(sheet.addOns.map((a) => a.name)).toEqual([name]);
    expect(Date.parse(sheet.booking.endsAt) - Date.parse(sheet.booking.startsAt)).toBe(105 * 60_000);
    const price = sheet.booking.pricePence;

    // The owner takes it off on the booking sheet: the price goes down by £15.
    await page.goto(`/manage_bookings?booking=${bookingId}`);
    const details = page.getByRole('dialog', { name: 'Booking' });
    const section = details.getByRole('region', { name: 'Add-ons' });
    await expect(section).toContainText(`${name} (+15 min, +£15)`);
    await expectNoViolations(page);
    await section.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page.getByText(`${name} removed: the booking is now ${pounds(price - 1500)}.`)).toBeVisible();
    await expect(section).toContainText('None.');
    const after = (await (await page.request.get(`/api/admin/bookings/${bookingId}`)).json()) as {
      booking: { pricePence: number; startsAt: string; endsAt: string };
    };
    expect(after.booking.pricePence).toBe(price - 1500);
    expect(Date.parse(after.booking.endsAt) - Date.parse(after.booking.startsAt)).toBe(90 * 60_000);
  } finally {
    await visitor.close();
  }
}
