import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { phoneBooking, uniqueName } from '../back-office/back-office.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { localDate } from '../support/dates.ts';
import { diaryDay, diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const chartTitles = [
  'Bookings over time',
  'Revenue',
  'By style and type',
  'Occupancy',
  'New and returning clients',
  'Lead time',
  'Busiest days and hours',
];

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

/** Two bookings taken on the phone, at diary times of the test's own. */
async function bookTwo(page: Page) {
  const first = diaryTime();
  const second = diaryTime();
  await phoneBooking(page.request, { date: first.date, time: first.time, name: uniqueName('Ana') });
  await phoneBooking(page.request, {
    date: second.date,
    time: second.time,
    name: uniqueName('Bo'),
    type: 'deeptissue',
  });
  return { first: first.date, second: second.date, hour: Number(first.time.slice(0, 2)) };
}

test('the owner reads the figures and charts of a period and changes the period in the address', async ({ page }) => {
  await signInAsAdmin(page);
  const booked = await bookTwo(page);
  const today = localDate(new Date());
  const to = addDays(today, 40);

  await page.goto(`/analytics?range=custom&from=${today}&to=${to}`);
  await expect(page).toHaveTitle(/^Analytics/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  // The figures themselves are checked against the test's own data in the next test.
  const cards = page.getByRole('list', { name: 'Figures for the period' });
  await expect(cards.getByRole('listitem').filter({ hasText: /^Bookings/ })).toContainText(/\d/);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Occupancy' })).toContainText('%');

  for (const title of chartTitles) await expect(page.getByRole('region', { name: title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Bookings over time' }).locator('svg.recharts-surface').first(),
  ).toBeVisible();
  // The busy-times grid is a table: the weekday and hour of the bookings hold at least one each.
  const grid = page.getByRole('table', { name: /^Bookings by weekday and hour/ });
  const weekday = new Date(`${booked.first}T12:00:00Z`).getUTCDay(); // 1–5: Monday to Friday
  const row = grid.getByRole('row', { name: new RegExp(`^${booked.hour}:00`) });
  const cell = row.getByRole('cell').nth(weekday - 1);
  await expect(cell).not.toHaveText('0');

  // Figures behind a chart, for anyone who cannot read the drawing.
  const bookingsPanel = page.getByRole('region', { name: 'Bookings over time' });
  await bookingsPanel.getByText('Show the figures').click();
  await expect(bookingsPanel.getByRole('table', { name: 'Bookings over time: figures' })).toBeVisible();

  // A preset changes the address and the period shown.
  await page.locator('label').filter({ hasText: 'Last year' }).click();
  await expect(page).toHaveURL(/range=lastYear/);
  const lastYear = Number(today.slice(0, 4)) - 1;
  await expect(page.getByTestId('range-text')).toHaveText(`1 Jan ${lastYear} – 31 Dec ${lastYear}`);
  await page
    .locator('label')
    .filter({ hasText: /^Month$/ })
    .click();
  await expect(page).toHaveURL(/bucket=month/);

  // Back returns to the custom period, with its date picker.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${today}&to=${to}`));
  await expect(page.getByRole('button', { name: 'Dates' })).toBeVisible();
  await expectNoViolations(page);

  // All time starts on the day of the first booking there is: the earliest in the bookings list, not the
  // analytics module's own answer.
  const earliest = await (await page.request.get('/api/admin/bookings?from=2000-01-01&pageSize=1')).json();
  const firstDay = new Date(earliest.bookings[0].startsAt).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  await page.locator('label').filter({ hasText: 'All time' }).click();
  await expect(page).toHaveURL(/range=all/);
  const first = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByTestId('range-text')).toContainText(first.format(new Date(`${firstDay}T00:00:00Z`)));
});

test('a day of the test’s own shows exactly the bookings the test made there', async ({ page }) => {
  await signInAsAdmin(page);
  // Nothing else in this run books on this day, so every figure of it comes from what is made here.
  const day = diaryDay();
  const made = [
    { time: '10:00', type: 'swedish' },
    { time: '12:00', type: 'deeptissue' },
    { time: '14:00', type: 'swedish' },
    { time: '16:00', type: 'swedish' },
  ];
  const bookings = [];
  for (const { time, type } of made)
    bookings.push(await phoneBooking(page.request, { date: day, time, name: uniqueName('Oracle'), type }));
  const cancelled = bookings[3];
  if (!cancelled) throw new Error('four bookings were made');
  const cancel = await page.request.post(`/api/admin/bookings/${cancelled.id}/cancel`, {
    data: { reason: 'Therapist unwell', notifyClient: false },
  });
  expect(cancel.status()).toBe(200);

  // What the test made: three kept (two Swedish, one deep tissue, an hour each), one cancelled by the business.
  const kept = bookings.slice(0, 3);
  const countOf = (name: string) => kept.filter((booking) => booking.serviceName === name).length;
  const serviceNames = [...new Set(kept.map((booking) => booking.serviceName))];
  const keptMinutes = kept.reduce((sum, booking) => sum + booking.durationMinutes, 0);

  await page.goto(`/analytics?range=custom&from=${day}&to=${day}`);
  const cards = page.getByRole('list', { name: 'Figures for the period' });
  const card = (label: RegExp | string) => cards.getByRole('listitem').filter({ hasText: label });
  await expect(card(/^Bookings/)).toContainText(`Bookings${kept.length}1 cancelled`);
  await expect(card('Cancelled by you')).toContainText(`25%1 of ${bookings.length}`);
  await expect(card('Cancelled by clients')).toContainText(`0%0 of ${bookings.length}`);
  await expect(card('Occupancy')).toContainText(new RegExp(`${keptMinutes / 60} of \\d+ open hours`));

  // The busy-times grid: one booking at each kept hour of the day's weekday, none at the cancelled one's.
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const grid = page.getByRole('table', { name: /^Bookings by weekday and hour/ });
  for (const { time } of made) {
    const cell = grid
      .getByRole('row', { name: new RegExp(`^${time}`) })
      .getByRole('cell')
      .nth(weekday - 1);
    await expect(cell).toHaveText(time === '16:00' ? '0' : '1');
  }

  // The figures behind the services chart: bookings per service, from the test's own count.
  const byService = page.getByRole('region', { name: 'By style and type' });
  await byService.getByText('Show the figures').click();
  const table = byService.getByRole('table', { name: 'By style and type: figures' });
  await expect(table.getByRole('row')).toHaveCount(1 + serviceNames.length);
  for (const name of serviceNames)
    await expect(
      table
        .getByRole('row', { name: new RegExp(`^${name} `) })
        .getByRole('cell')
        .first(),
    ).toHaveText(String(countOf(name)));
});

test('every chart fits the screen, a phone’s too, and nothing scrolls sideways @phone', async ({ page }) => {
  await signInAsAdmin(page);
  const today = localDate(new Date());
  await page.goto(`/analytics?range=custom&from=${addDays(today, -30)}&to=${addDays(today, 40)}`);
  for (const title of chartTitles) await expect(page.getByRole('region', { name: title })).toBeVisible();
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
  const width = page.viewportSize()?.width ?? 375;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const box of await page
    .locator('section svg.recharts-surface')
    .evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect()))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
  await expectNoViolations(page);
});
